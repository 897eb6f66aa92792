// The PDF's layout rules, apart from pdf-lib so they can be tested as plain functions: how text
// wraps to a column and how blocks flow onto pages. Units are PDF points (1/72 in).

export const A4 = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 48;
/** Room kept at the foot of every page for its "Page n of m" line. */
export const FOOTER = 28;

/** Helvetica speaks WinAnsi only: anything it does not know becomes a "?". */
export function printable(text: string): string {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff€]/g, '?');
}

/**
 * Breaks text into rows no wider than `width`, at spaces where possible; a word wider than the
 * column is cut where it fills it (an IBAN or a URL must not run off the page). Line breaks in
 * the text are kept; an empty text is one empty row.
 */
export function wrapText(text: string, width: number, measure: (s: string) => number): string[] {
  const rows: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let row = '';
    // Only plain spaces break: a no-break space ("BTC 0.0019998", "1 234,50 €") keeps its words together.
    for (const word of paragraph.split(/[ \t]+/).filter(Boolean)) {
      const candidate = row ? `${row} ${word}` : word;
      if (measure(candidate) <= width) {
        row = candidate;
        continue;
      }
      if (row) rows.push(row);
      row = '';
      let rest = word;
      while (measure(rest) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && measure(rest.slice(0, cut)) > width) cut -= 1;
        rows.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      row = rest;
    }
    rows.push(row);
  }
  return rows;
}

export type FlowBlock = {
  height: number;
  /** Blocks of one table share a group; a page that continues the table repeats its header. */
  group?: string;
};

/**
 * Lays blocks onto pages of `space` points each, in order and never splitting one. When a
 * page break falls inside a group that has a header, the new page starts with that header,
 * and a header is never left alone at a page's foot. A block taller than a page gets a page
 * of its own rather than looping forever.
 */
export function paginate<B extends FlowBlock>(blocks: readonly B[], space: number, headers: Readonly<Record<string, B>> = {}): B[][] {
  const pages: B[][] = [[]];
  let used = 0;
  const startPage = () => {
    pages.push([]);
    used = 0;
  };
  for (let i = 0; i < blocks.length; i += 1) {
    const block = blocks[i];
    const header = block.group ? headers[block.group] : undefined;
    const isHeader = header === block;
    // A header needs room for itself and the first row under it.
    const needed = isHeader && blocks[i + 1] ? block.height + blocks[i + 1].height : block.height;
    if (used > 0 && used + needed > space) {
      startPage();
      if (header && !isHeader) {
        pages[pages.length - 1].push(header);
        used += header.height;
      }
    }
    pages[pages.length - 1].push(block);
    used += block.height;
  }
  return pages;
}

/** "Page 1 of 2" for every page, from the caller's translated template. */
export function pageLabels(count: number, label: (page: number, pages: number) => string): string[] {
  return Array.from({ length: count }, (_, i) => label(i + 1, count));
}
