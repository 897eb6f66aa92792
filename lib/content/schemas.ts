import * as z from 'zod/mini';
import type { Locale } from '../i18n/locales';
import { isLocale } from '../i18n/negotiate';
import { field, form, uuidField } from '../validation/field';
import { token } from '../validation/messages';
import { maxLength, minLength, required, type Rule } from '../validation/rules';

// Shared by the root's content editor (through zodResolver) and the route handlers: no server imports.

export const QUESTION_MAX = 300;
export const ANSWER_MAX = 10_000;
export const SLUG_MIN = 2;
export const SLUG_MAX = 80;
export const TITLE_MAX = 200;
export const SUMMARY_MAX = 400;
export const BODY_MAX = 50_000;
/** Entries per language and kind: the order call lists them all, so it bounds that body too. */
export const CONTENT_MAX = 500;

export type ContentKind = 'faq' | 'help';

// Lower-case letters, digits and single inner hyphens: slugs go into public URLs.
const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function slugShape(): Rule<'slug'> {
  return { kind: 'slug', test: (v) => (SLUG_SHAPE.test(String(v)) ? undefined : token('pattern.slug')) };
}

function language(): Rule<'language'> {
  return { kind: 'language', test: (v) => (isLocale(String(v)) ? undefined : token('invalid')) };
}

const locale = z.pipe(
  field([required(), language()]),
  z.transform((v) => v as Locale),
);
const slugLike = () => field([required(), minLength(SLUG_MIN), maxLength(SLUG_MAX), slugShape()], { lowercase: true });
const published = z.boolean({ error: token('invalid') });

const question = field([required(), maxLength(QUESTION_MAX)]);
const answer = field([required(), maxLength(ANSWER_MAX)], { text: 'multiline' });
const topic = slugLike();
const slug = slugLike();
const title = field([required(), maxLength(TITLE_MAX)]);
// Optional on the page; stored as '' when left empty.
const summary = z.pipe(
  field([maxLength(SUMMARY_MAX)]),
  z.transform((v) => v ?? ''),
);
const body = field([required(), maxLength(BODY_MAX)], { text: 'multiline' });

/** A new FAQ entry; it starts as a draft unless `published` says otherwise. */
export const faqSchema = form({ locale, question, answer, published: z._default(published, false) });

/** A change to a FAQ entry: only the fields present are touched. */
export const faqPatchSchema = form({
  locale: z.optional(locale),
  question: z.optional(question),
  answer: z.optional(answer),
  published: z.optional(published),
});

/** A new help article. `topic` is shared by the translations of one article, one per language. */
export const helpSchema = form({ locale, topic, slug, title, summary, body, published: z._default(published, false) });

export const helpPatchSchema = form({
  locale: z.optional(locale),
  topic: z.optional(topic),
  slug: z.optional(slug),
  title: z.optional(title),
  summary: z.optional(summary),
  body: z.optional(body),
  published: z.optional(published),
});

/** The ids must be exactly the language's entries (the service checks), each once. */
function once(ids: string[], ctx: z.core.$RefinementCtx<string[]>) {
  if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: token('invalid'), input: ids });
}

/** The new order of one language's entries, first to last. */
export const contentOrderSchema = form({
  locale,
  ids: z.array(uuidField(), { error: token('invalid') }).check(z.maxLength(CONTENT_MAX, { error: token('invalid') }), z.superRefine(once)),
});

/** GET …?locale= */
export const contentQuerySchema = form({ locale });

/** Markdown to render as the public pages do, for the editor's preview. */
export const markdownPreviewSchema = form({
  markdown: z.pipe(
    field([maxLength(BODY_MAX)], { trim: false, text: 'multiline' }),
    z.transform((v) => v ?? ''),
  ),
});

export type FaqInput = z.output<typeof faqSchema>;
export type FaqForm = z.input<typeof faqSchema>;
export type FaqPatch = z.output<typeof faqPatchSchema>;
export type HelpInput = z.output<typeof helpSchema>;
export type HelpForm = z.input<typeof helpSchema>;
export type HelpPatch = z.output<typeof helpPatchSchema>;
export type ContentOrder = z.output<typeof contentOrderSchema>;

/** One FAQ entry as the root's editor sees it, drafts included. */
export type FaqView = { id: string; locale: Locale; question: string; answer: string; position: number; published: boolean };
/** One help article as the root's editor sees it, drafts included. */
export type HelpView = {
  id: string;
  locale: Locale;
  topic: string;
  slug: string;
  title: string;
  summary: string;
  body: string;
  position: number;
  published: boolean;
};
