import { safeParse } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { contentOrderSchema, faqPatchSchema, faqSchema, helpPatchSchema, helpSchema, markdownPreviewSchema } from '@/lib/content/schemas';

/** The field paths that failed, or the parsed value. */
function check(schema: Parameters<typeof safeParse>[0], value: unknown): { data?: Record<string, unknown>; fields?: string[] } {
  const r = safeParse(schema, value);
  return r.success ? { data: r.data as Record<string, unknown> } : { fields: [...new Set(r.error.issues.map((i) => i.path.join('.')))] };
}

const article = { locale: 'es', topic: 'getting-started', slug: 'primeros-pasos', title: 'Primeros pasos', body: 'Texto.' };
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('content schemas', () => {
  it('takes a FAQ entry as a draft unless published is said', () => {
    expect(check(faqSchema, { locale: 'en', question: ' Why? ', answer: '**Because.**' })).toEqual({
      data: { locale: 'en', question: 'Why?', answer: '**Because.**', published: false },
    });
    expect(check(faqSchema, { locale: 'en', question: 'Why?', answer: 'x', published: true }).data?.published).toBe(true);
  });

  it('names each bad FAQ field', () => {
    expect(check(faqSchema, { locale: 'fr', question: '', answer: 'x'.repeat(10_001), published: 'yes' }).fields?.sort()).toEqual([
      'answer',
      'locale',
      'published',
      'question',
    ]);
    expect(check(faqSchema, { locale: 'en', question: 'q'.repeat(300), answer: 'a'.repeat(10_000) }).data).toBeDefined();
  });

  it('lower-cases slugs and topics and refuses other shapes', () => {
    expect(check(helpSchema, { ...article, slug: 'Primeros-Pasos', topic: 'Getting-Started' }).data).toMatchObject({
      slug: 'primeros-pasos',
      topic: 'getting-started',
      summary: '',
    });
    for (const slug of ['-start', 'end-', 'two--hyphens', 'with space', 'acción', 'a', 'x'.repeat(81)]) {
      expect(check(helpSchema, { ...article, slug }).fields, slug).toEqual(['slug']);
    }
    expect(check(helpSchema, { ...article, slug: 'ab', topic: 't'.repeat(80) }).data).toBeDefined();
  });

  it('bounds the help article texts', () => {
    const long = { ...article, title: 't'.repeat(201), summary: 's'.repeat(401), body: 'b'.repeat(50_001) };
    expect(check(helpSchema, long).fields?.sort()).toEqual(['body', 'summary', 'title']);
    expect(check(helpSchema, { ...article, body: '' }).fields).toEqual(['body']);
  });

  it('lets a patch name any subset, but not empty a required field', () => {
    expect(check(faqPatchSchema, {}).data).toEqual({});
    expect(check(faqPatchSchema, { published: true }).data).toEqual({ published: true });
    expect(check(faqPatchSchema, { question: '' }).fields).toEqual(['question']);
    expect(check(helpPatchSchema, { summary: '' }).data).toEqual({ summary: '' });
    expect(check(helpPatchSchema, { slug: 'No Way' }).fields).toEqual(['slug']);
  });

  it('takes an order of distinct ids, at most 500', () => {
    expect(check(contentOrderSchema, { locale: 'en', ids: [uuid(1).toUpperCase(), uuid(2)] }).data).toEqual({ locale: 'en', ids: [uuid(1), uuid(2)] });
    expect(check(contentOrderSchema, { locale: 'en', ids: [uuid(1), uuid(1)] }).fields).toEqual(['ids']);
    expect(check(contentOrderSchema, { locale: 'en', ids: ['nope'] }).fields).toEqual(['ids.0']);
    expect(check(contentOrderSchema, { locale: 'en', ids: Array.from({ length: 501 }, (_, i) => uuid(i)) }).fields).toEqual(['ids']);
    expect(check(contentOrderSchema, { locale: 'en', ids: 'x' }).fields).toEqual(['ids']);
  });

  it('keeps the Markdown to preview as typed', () => {
    expect(check(markdownPreviewSchema, { markdown: '    code\n' }).data).toEqual({ markdown: '    code\n' });
    expect(check(markdownPreviewSchema, {}).data).toEqual({ markdown: '' });
  });
});
