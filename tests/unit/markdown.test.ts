import { describe, expect, it } from 'vitest';
import { markdownToText, renderMarkdown } from '@/lib/content/markdown';

describe('renderMarkdown: sanitising', () => {
  it('drops <script> elements with their content', () => {
    const html = renderMarkdown('Hello\n\n<script>alert("x")</script>\n\nafter');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('alert');
    expect(html).toContain('<p>Hello</p>');
    expect(html).toContain('<p>after</p>');
  });

  it('drops event-handler attributes and disallowed tags', () => {
    const html = renderMarkdown(
      '<img src=x onerror="alert(1)">\n\n<p onclick="evil()">text <a href="/x" onmouseover="evil()">link</a></p>\n\n<iframe src="https://evil.com"></iframe><style>body{}</style>',
    );
    expect(html).not.toMatch(/onerror|onclick|onmouseover|<img|<iframe|<style|evil\(\)/i);
    expect(html).toContain('<a href="/x">link</a>');
  });

  it.each([
    '[x](javascript:alert(1))',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '[x](data:text/html;base64,PHNjcmlwdD4=)',
    '[x](//evil.com/path)',
  ])('removes the dangerous href of %s', (md) => {
    const html = renderMarkdown(md);
    expect(html).not.toMatch(/javascript:|data:|evil\.com/i);
    expect(html).toContain('>x</a>');
    expect(html).not.toContain('href');
  });

  it('keeps mailto links', () => {
    expect(renderMarkdown('[mail](mailto:help@example.com)')).toContain('<a href="mailto:help@example.com">mail</a>');
  });
});

describe('renderMarkdown: structure', () => {
  it('turns h1 into h2 and keeps h2/h3', () => {
    const html = renderMarkdown('# Title\n\n## Sub\n\n### Deeper');
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<h2>Sub</h2>');
    expect(html).toContain('<h3>Deeper</h3>');
    expect(html).not.toMatch(/<h1/);
  });

  it('keeps lists, emphasis, code and quotes', () => {
    const html = renderMarkdown('- one\n- **two**\n\n1. first\n2. *second*\n\n`code`\n\n> quote\n\n~~gone~~');
    expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li><strong>two<\/strong><\/li>\s*<\/ul>/);
    expect(html).toMatch(/<ol>\s*<li>first<\/li>\s*<li><em>second<\/em><\/li>\s*<\/ol>/);
    expect(html).toContain('<code>code</code>');
    expect(html).toMatch(/<blockquote>\s*<p>quote<\/p>\s*<\/blockquote>/);
    expect(html).toContain('<del>gone</del>');
  });

  it('keeps GFM tables', () => {
    const html = renderMarkdown('| a | b |\n| - | - |\n| 1 | 2 |');
    expect(html).toMatch(/<table>[\s\S]*<th>a<\/th>[\s\S]*<td>2<\/td>[\s\S]*<\/table>/);
  });

  it('opens external links in a new tab without an opener', () => {
    const html = renderMarkdown('[site](https://example.com/a) and [plain](HTTP://example.org)');
    expect(html).toContain('<a href="https://example.com/a" rel="noopener noreferrer nofollow" target="_blank">site</a>');
    expect(html).toMatch(/<a href="HTTP:\/\/example.org" rel="noopener noreferrer nofollow" target="_blank">plain<\/a>/);
  });

  it('overrides an author-supplied rel on external links', () => {
    const html = renderMarkdown('<a href="https://example.com" rel="opener" target="_self">x</a>');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(html).toContain('target="_blank"');
    expect(html).not.toContain('rel="opener"');
  });

  it('leaves internal links alone', () => {
    expect(renderMarkdown('[faq](/faq)')).toBe('<p><a href="/faq">faq</a></p>\n');
  });

  it('escapes raw text rather than interpreting it', () => {
    expect(renderMarkdown('1 < 2 & 3')).toBe('<p>1 &lt; 2 &amp; 3</p>\n');
  });
});

describe('markdownToText', () => {
  it('returns plain text without tags, collapsing whitespace', () => {
    expect(markdownToText('# Title\n\nSome **bold** and [a link](https://x.com).\n\n- one\n- two')).toBe('Title Some bold and a link. one two');
  });

  it('drops scripts entirely', () => {
    expect(markdownToText('Hi <script>alert(1)</script> there')).toBe('Hi there');
  });

  it('returns an empty string for empty input', () => {
    expect(markdownToText('')).toBe('');
    expect(markdownToText('   \n\n ')).toBe('');
  });

  // Regression: the FAQ's JSON-LD must publish "Tom & Jerry", not "Tom &amp; Jerry".
  it('returns unescaped characters', () => {
    expect(markdownToText('Tom & Jerry: 1 < 2 > 0')).toBe('Tom & Jerry: 1 < 2 > 0');
  });
});
