import * as z from 'zod/mini';
import { extensionNames, extensions } from '../access/extensions';
import type { ExclusiveExtension } from '../settings/schemas';
import { field, form, maxLength, token } from '../validation';

// Shared by the root projects page (which reads its URL with them) and the API: no server imports.

export const PROJECT_SORTS = ['createdAt', 'name', 'key', 'status', 'members'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];
export const PROJECT_PAGE_SIZE = { min: 10, max: 100, default: 25 } as const;
export const PROJECT_SEARCH_MAX = 100;

/** The extensions only root switches (varket, photomagik), from the catalogue. */
export const EXCLUSIVE_EXTENSIONS = extensionNames.filter((n): n is ExclusiveExtension => extensions[n].exclusive);

const absent = (v: unknown) => v === undefined || v === null || v === '';

/**
 * A whole number from a query string ("25") or JSON (25). Only plain digits count: "1e3",
 * "0x10" or "12abc" are refused rather than read as something the caller did not write.
 */
function intParam(min: number, max: number, fallback: number) {
  const normalise = (v: unknown) => {
    if (absent(v)) return fallback;
    if (typeof v === 'string') return /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : NaN;
    return v;
  };
  return z.pipe(
    z.transform(normalise),
    z.int({ error: token('number') }).check(z.gte(min, { error: token('numberMinEq', { min }) }), z.lte(max, { error: token('numberMaxEq', { max }) })),
  );
}

/** One of `values`; absent or empty gives `fallback`. */
function choice<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return z.pipe(
    z.transform((v: unknown) => (absent(v) ? fallback : v)),
    z.enum(values, { error: token('invalid') }),
  );
}

// 1 enabled, 0 pending review, 2 disabled (lib/projects/status.ts).
const statusParam = z.pipe(
  z.transform((v: unknown) => (absent(v) ? undefined : typeof v === 'string' && /^[012]$/.test(v) ? Number(v) : v)),
  z.optional(z.union([z.literal(0), z.literal(1), z.literal(2)], { error: token('invalid') })),
);

/** GET /api/root/projects: search (name, key, requester email), status filter, sort and page. */
export const projectListQuerySchema = form({
  q: field([maxLength(PROJECT_SEARCH_MAX)]),
  status: statusParam,
  sort: choice(PROJECT_SORTS, 'createdAt'),
  dir: choice(['asc', 'desc'] as const, 'desc'),
  // Pages past the last answer no items, with the total, so the page can step back.
  page: intParam(1, 1_000_000, 1),
  size: intParam(PROJECT_PAGE_SIZE.min, PROJECT_PAGE_SIZE.max, PROJECT_PAGE_SIZE.default),
});

export type ProjectListQuery = z.output<typeof projectListQuerySchema>;

export const DEFAULT_PROJECT_QUERY: ProjectListQuery = {
  q: undefined,
  status: undefined,
  sort: 'createdAt',
  dir: 'desc',
  page: 1,
  size: PROJECT_PAGE_SIZE.default,
};

type ParamSource = URLSearchParams | Record<string, string | string[] | undefined>;

/** A URL's query as one value per name (the first), ready for projectListQuerySchema. */
export function queryObject(params: ParamSource): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params);
  for (const [name, value] of entries) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined && !(name in out)) out[name] = first;
  }
  return out;
}

/** The list's query as a page address holds it; an address that does not parse shows the default view. */
export function parseListQuery(params: ParamSource): ProjectListQuery {
  const parsed = z.safeParse(projectListQuerySchema, queryObject(params));
  return parsed.success ? parsed.data : DEFAULT_PROJECT_QUERY;
}

/** The query for the page's URL: defaults left out, so the plain address is the default view. */
export function querySearch(query: ProjectListQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.status !== undefined) params.set('status', String(query.status));
  if (query.sort !== DEFAULT_PROJECT_QUERY.sort) params.set('sort', query.sort);
  if (query.dir !== DEFAULT_PROJECT_QUERY.dir) params.set('dir', query.dir);
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.size !== DEFAULT_PROJECT_QUERY.size) params.set('size', String(query.size));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** POST /api/root/projects/[id]/extensions: one exclusive extension on or off. */
export const extensionToggleSchema = form({
  extension: z.enum(EXCLUSIVE_EXTENSIONS as [ExclusiveExtension, ...ExclusiveExtension[]], { error: token('invalid') }),
  enabled: z.boolean({ error: token('invalid') }),
});

export type ExtensionToggleInput = z.output<typeof extensionToggleSchema>;
