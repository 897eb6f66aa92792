import { describe, expect, it } from 'vitest';
import { pageLabels, paginate, printable, wrapText } from '@/lib/invoices/pdf-layout';

// One character is one point wide: widths are easy to reason about.
const measure = (s: string) => s.length;

describe('wrapText', () => {
  it('breaks at spaces, keeping each row within the width', () => {
    expect(wrapText('one two three four', 9, measure)).toEqual(['one two', 'three', 'four']);
  });

  it('keeps the line breaks typed and an empty text as one empty row', () => {
    expect(wrapText('a\nb c', 10, measure)).toEqual(['a', 'b c']);
    expect(wrapText('', 10, measure)).toEqual(['']);
  });

  it('cuts a word wider than the column instead of letting it run off the page', () => {
    expect(wrapText('DE89370400440532013000', 8, measure)).toEqual(['DE893704', '00440532', '013000']);
  });

  it('never breaks at a no-break space (an amount with its currency)', () => {
    expect(wrapText('send BTC\u00a00.0019998 now', 16, measure)).toEqual(['send', 'BTC\u00a00.0019998', 'now']);
  });
});

describe('paginate', () => {
  const block = (height: number, group?: string) => ({ height, group });

  it('fills a page before starting the next, never splitting a block', () => {
    const blocks = [block(40), block(40), block(40)];
    expect(paginate(blocks, 100).map((p) => p.length)).toEqual([2, 1]);
  });

  it('repeats the table header on each page the rows continue onto', () => {
    const header = block(10, 'lines');
    const rows = Array.from({ length: 5 }, () => block(30, 'lines'));
    const pages = paginate([block(20), header, ...rows, block(15)], 100, { lines: header });
    // The block after the table is no row of it: its page starts without the header.
    expect(pages.map((p) => p.map((b) => (b === header ? 'H' : b.group ? 'r' : 'x')).join(''))).toEqual(['xHrr', 'Hrrr', 'x']);
  });

  it('does not leave a header alone at the foot of a page', () => {
    const header = block(10, 'lines');
    const pages = paginate([block(85), header, block(30, 'lines')], 100, { lines: header });
    expect(pages.map((p) => p.length)).toEqual([1, 2]);
    expect(pages[1][0]).toBe(header);
  });

  it('gives a block taller than a page a page of its own', () => {
    expect(paginate([block(20), block(500), block(20)], 100).map((p) => p.length)).toEqual([1, 1, 1]);
  });
});

describe('pageLabels and printable', () => {
  it('numbers every page against the count', () => {
    expect(pageLabels(3, (page, pages) => `Page ${page} of ${pages}`)).toEqual(['Page 1 of 3', 'Page 2 of 3', 'Page 3 of 3']);
  });

  it('keeps Latin-1 and the euro, and marks what Helvetica cannot draw', () => {
    expect(printable('Año 5 € — 日本')).toBe('Año 5 € ? ??');
  });
});
