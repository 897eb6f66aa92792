import * as z from 'zod/mini';
import { field, form } from '../validation/field';
import { token } from '../validation/messages';
import { maxLength, required, type Rule } from '../validation/rules';
import {
  CATEGORY_NAME_MAX,
  COVER_ALT_MAX,
  POST_BODY_MAX,
  POST_CATEGORIES_MAX,
  POST_EXCERPT_MAX,
  POST_SLUG_MAX,
  POST_TITLE_MAX,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
} from './limits';
import { imagesWithoutAlt } from './body-images';

// Shared by the dashboard's forms and the route handlers: no server imports.

const invalid = { error: token('invalid') };
export const POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const POST_LANGUAGES = ['en', 'es'] as const;
export type PostLanguage = (typeof POST_LANGUAGES)[number];

// Lower-case letters, digits and single inner hyphens: the slug goes into a public URL.
const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slugShape = (): Rule<'slug'> => ({ kind: 'slug', test: (value) => (SLUG_SHAPE.test(String(value)) ? undefined : token('pattern.slug')) });
const slugField = () => field([required(), maxLength(POST_SLUG_MAX), slugShape()], { lowercase: true });
const optionalText = (max: number, multiline = false) => z._default(field([maxLength(max)], multiline ? { text: 'multiline' } : {}), '');
// Every image needs its description; the count says how many lack one.
const imagesDescribed = (): Rule<'imageAlt'> => ({
  kind: 'imageAlt',
  test: (value) => {
    const count = imagesWithoutAlt(String(value));
    return count ? token('imageAlt', { count }) : undefined;
  },
});
const uuid = z.string(invalid).check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, invalid));

const postFields = {
  title: field([required(), maxLength(POST_TITLE_MAX)]),
  slug: slugField(),
  language: z._default(z.enum(POST_LANGUAGES, invalid), 'en'),
  excerpt: optionalText(POST_EXCERPT_MAX, true),
  body: z._default(field([maxLength(POST_BODY_MAX), imagesDescribed()], { text: 'multiline' }), ''),
  // A URL the cover upload answered with; the service checks it names this project's file.
  coverUrl: z._default(z.nullable(z.string(invalid).check(z.maxLength(300, invalid))), null),
  coverAlt: optionalText(COVER_ALT_MAX),
  categoryIds: z._default(z.array(uuid, invalid).check(z.maxLength(POST_CATEGORIES_MAX, invalid)), []),
  seoTitle: optionalText(SEO_TITLE_MAX),
  seoDescription: optionalText(SEO_DESCRIPTION_MAX, true),
  status: z._default(z.enum(POST_STATUSES, invalid), 'draft'),
  // Required when scheduled (checked by the service against the clock).
  publishAt: z._default(z.nullable(z.iso.datetime({ ...invalid, offset: true })), null),
};

export const postSchema = form(postFields);
export type PostInput = z.output<typeof postSchema>;

/** An edit names the version it was made on: a different current version is a conflict (409). */
export const postPatchSchema = form({
  ...postFields,
  version: z.number(invalid).check(z.int(invalid), z.gte(1, invalid)),
});
export type PostPatch = z.output<typeof postPatchSchema>;

/** The editor's live preview: Markdown in, sanitized HTML out (the public renderer). */
export const previewSchema = form({ body: optionalText(POST_BODY_MAX, true) });

export const categorySchema = form({
  name: field([required(), maxLength(CATEGORY_NAME_MAX)]),
  slug: slugField(),
  // Only a top-level category can hold others: one level of nesting.
  parentId: z._default(z.nullable(uuid), null),
});
export type CategoryInput = z.output<typeof categorySchema>;

/** The public JSON API's query. */
export const publicPostsQuerySchema = form({
  language: z.optional(z.enum(POST_LANGUAGES, invalid)),
  category: z.optional(z.string(invalid).check(z.maxLength(POST_SLUG_MAX, invalid))),
});

export type CategoryView = { id: string; name: string; slug: string; parentId: string | null; posts: number };

/** One post as the dashboard's list and editor see it. */
export type PostView = {
  id: string;
  language: PostLanguage;
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  coverUrl: string | null;
  coverAlt: string;
  seoTitle: string;
  seoDescription: string;
  status: PostStatus;
  publishAt: string | null;
  publishedAt: string | null;
  author: { id: string; name: string } | null;
  categoryIds: string[];
  version: number;
  createdAt: string;
  updatedAt: string;
};

/** The description asked for before an image goes into the body. */
export const imageAltSchema = form({ alt: field([required(), maxLength(COVER_ALT_MAX)]) });
