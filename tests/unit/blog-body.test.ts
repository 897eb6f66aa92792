import { describe, expect, it } from 'vitest';
import { imageMarkdown, imagesWithoutAlt } from '@/lib/blog/body-images';
import { readingMinutes, wordCount, WORDS_PER_MINUTE } from '@/lib/blog/reading-time';
import { renderPost } from '@/lib/blog/render';
import { postSchema } from '@/lib/blog/schemas';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const PROJECT = '11111111-2222-3333-4444-555555555555';
const own = `/api/files/public/blog/${PROJECT}/0123456789abcdef.webp`;

describe('reading time', () => {
  it('counts words, not Markdown syntax, image descriptions or link addresses', () => {
    expect(wordCount('# Title\n\n**Bold** and _em_ - a [link text](https://example.com/a-b-c) ![A cat](/x.webp)')).toBe(7);
    expect(wordCount('Año con niños, l’été: 3.5 veces')).toBe(6);
    expect(wordCount('')).toBe(0);
  });

  it('rounds up at 230 words a minute and never says less than a minute', () => {
    expect(WORDS_PER_MINUTE).toBe(230);
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes(words(230))).toBe(1);
    expect(readingMinutes(words(231))).toBe(2);
    expect(readingMinutes(words(1150))).toBe(5);
  });
});

describe('images in the body', () => {
  it('counts images whose description is missing or blank', () => {
    expect(imagesWithoutAlt('![A cat](/a.webp) ![](/b.webp) ![  ](/c.webp "t") ![\\]](/d.webp)')).toBe(2);
    expect(imagesWithoutAlt('[not an image]() text')).toBe(0);
  });

  it('writes the Markdown of an upload with its description escaped on one line', () => {
    expect(imageMarkdown('  A [red]\n cat \\ ', '/u.webp')).toBe('![A \\[red\\] cat \\\\](/u.webp)');
    expect(imagesWithoutAlt(imageMarkdown('x', '/u.webp'))).toBe(0);
  });

  it('the shared post schema refuses a body with an undescribed image, with the count', () => {
    const bad = postSchema.safeParse({ title: 'T', slug: 't', body: `![](${own}) and ![](${own})` });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0].path).toEqual(['body']);
    expect(bad.error!.issues[0].message).toBe('validation.imageAlt {"count":2}');
    expect(postSchema.safeParse({ title: 'T', slug: 't', body: `![A chart](${own})` }).success).toBe(true);
  });

  it('renders only the project’s own described images, absolute when asked', () => {
    const other = own.replace(PROJECT, '99999999-2222-3333-4444-555555555555');
    const html = renderPost(
      PROJECT,
      `![Ours](${own}) ![](${own}) ![Theirs](${other}) ![Far](https://example.com/x.png) ![Up](/api/files/public/blog/${PROJECT}/../x.webp)`,
    );
    expect(html.match(/<img/g)).toHaveLength(1);
    expect(html).toContain(`<img src="${own}" alt="Ours" loading="lazy" />`);
    expect(renderPost(PROJECT, `![Ours](${own})`, 'https://site.test')).toContain(`src="https://site.test${own}"`);
  });
});
