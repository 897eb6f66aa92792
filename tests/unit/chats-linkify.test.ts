import { describe, expect, it } from 'vitest';
import { linkify } from '@/components/chats/linkify';

const joined = (text: string) =>
  linkify(text)
    .map((p) => p.text)
    .join('');

describe('linkify', () => {
  it('turns http and https addresses into links and keeps the text around them', () => {
    expect(linkify('see https://example.com/a?b=1#c and http://x.org now')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a?b=1#c', href: 'https://example.com/a?b=1#c' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org/' },
      { kind: 'text', text: ' now' },
    ]);
  });

  it('leaves other schemes and markup as plain text', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://example.com/file', '<a href="x">y</a>', 'mailto:a@b.c']) {
      expect(linkify(text)).toEqual([{ kind: 'text', text }]);
    }
  });

  it('links only the http part of a disguised address', () => {
    const parts = linkify('javascript://https://evil.example/');
    expect(parts.filter((p) => p.kind === 'link').map((p) => (p.kind === 'link' ? p.href : ''))).toEqual(['https://evil.example/']);
    expect(parts.every((p) => p.kind === 'text' || p.href.startsWith('https://'))).toBe(true);
  });

  it('does not link a scheme glued to a word', () => {
    expect(linkify('xhttps://example.com')).toEqual([{ kind: 'text', text: 'xhttps://example.com' }]);
  });

  it('leaves sentence punctuation and unmatched parentheses out of the link', () => {
    expect(linkify('Go to https://example.com/docs.')[1]).toEqual({ kind: 'link', text: 'https://example.com/docs', href: 'https://example.com/docs' });
    expect(linkify('(see https://example.com/x)')[1]).toMatchObject({ text: 'https://example.com/x' });
    expect(linkify('https://en.wikipedia.org/wiki/Foo_(bar)!')[0]).toMatchObject({ text: 'https://en.wikipedia.org/wiki/Foo_(bar)' });
  });

  it('refuses an address without a host', () => {
    expect(linkify('https://')).toEqual([{ kind: 'text', text: 'https://' }]);
  });

  it('is case-insensitive about the scheme and normalises the href', () => {
    expect(linkify('HTTPS://Example.COM')[0]).toEqual({ kind: 'link', text: 'HTTPS://Example.COM', href: 'https://example.com/' });
  });

  it('gives the input back when its parts are joined', () => {
    for (const text of ['', 'plain', 'a https://x.y/z, b http://q.r.', 'line\nhttps://a.b\n\nend']) expect(joined(text)).toBe(text);
    expect(linkify('')).toEqual([]);
  });
});
