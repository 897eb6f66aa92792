import { and, asc, count, eq, max, ne, or, sql } from 'drizzle-orm';
import { audit, type AuditAction } from '../audit/service';
import { isUuid } from '../auth/refresh-token';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/errors';
import { actorOf, type SignedInContext } from '../http/route';
import { locales, type Locale } from '../i18n/locales';
import { invalidateContent } from './invalidate';
import {
  CONTENT_MAX,
  type ContentKind,
  type ContentOrder,
  type FaqInput,
  type FaqPatch,
  type FaqView,
  type HelpInput,
  type HelpPatch,
  type HelpView,
} from './schemas';
import { faqEntries, helpArticles } from './tables';

// The root's side of the public content: drafts included, every change audited and the
// public pages invalidated once it is committed.

const TABLES = { faq: faqEntries, help: helpArticles } as const;
type ContentTable = (typeof TABLES)[ContentKind];

const faqView = {
  id: faqEntries.id,
  locale: faqEntries.locale,
  question: faqEntries.question,
  answer: faqEntries.answer,
  position: faqEntries.position,
  published: faqEntries.published,
};
const helpView = {
  id: helpArticles.id,
  locale: helpArticles.locale,
  topic: helpArticles.topic,
  slug: helpArticles.slug,
  title: helpArticles.title,
  summary: helpArticles.summary,
  body: helpArticles.body,
  position: helpArticles.position,
  published: helpArticles.published,
};

// The same order as the public lists (lib/content/service.ts), ties included.
const faqOrder = [asc(faqEntries.position), asc(faqEntries.createdAt)];
const helpOrder = [asc(helpArticles.position), asc(helpArticles.title)];

/** Every FAQ entry of a language, drafts included, in the public order. */
export async function listFaqEntries(db: Db | Tx, locale: Locale): Promise<FaqView[]> {
  return (await db
    .select(faqView)
    .from(faqEntries)
    .where(eq(faqEntries.locale, locale))
    .orderBy(...faqOrder)) as FaqView[];
}

/** Every help article of a language, drafts included, in the public order. */
export async function listHelpArticles(db: Db | Tx, locale: Locale): Promise<HelpView[]> {
  return (await db
    .select(helpView)
    .from(helpArticles)
    .where(eq(helpArticles.locale, locale))
    .orderBy(...helpOrder)) as HelpView[];
}

/** Root work belongs to no project, whatever the root's own session is connected to. */
const actor = (ctx: SignedInContext) => ({ ...actorOf(ctx), projectId: null });

function record(tx: Tx, ctx: SignedInContext, action: AuditAction, kind: ContentKind, id: string | null, data: Record<string, unknown>) {
  return audit(tx, actor(ctx), { action, ...(id && { target: { type: kind, id } }), data });
}

/** The unique index a racing writer hit, as the field it concerns. */
function conflict(error: unknown): HttpError {
  const e = error as { constraint?: string; cause?: { constraint?: string } };
  const topic = (e.constraint ?? e.cause?.constraint ?? '').includes('topic');
  return topic
    ? new HttpError(409, 'rootContentTopicTaken', { topic: 'rootContentTopicTaken' })
    : new HttpError(409, 'rootContentSlugTaken', { slug: 'rootContentSlugTaken' });
}

/** Runs a change in a transaction, then (committed) clears the public pages' caches. */
async function changing<T>(ctx: SignedInContext, kind: ContentKind, work: (tx: Tx) => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await ctx.db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(error);
    throw error;
  }
  invalidateContent(kind);
  return result;
}

/**
 * Serializes the changes to one language's list of a kind: positions are read and then
 * written, and the order call must see every entry, so a create in between would be lost.
 */
async function lockLists(tx: Tx, kind: ContentKind, list: readonly Locale[]) {
  for (const locale of [...new Set(list)].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`content:${kind}:${locale}`}))`);
}

/** The position after the last entry of the language; refused when the list is full. */
async function nextPosition(tx: Tx, table: ContentTable, locale: Locale): Promise<number> {
  const [row] = await tx
    .select({ n: count(), last: max(table.position) })
    .from(table)
    .where(eq(table.locale, locale));
  if (row.n >= CONTENT_MAX) throw new HttpError(409, 'rootContentTooMany', {}, { max: CONTENT_MAX });
  return (row.last ?? 0) + 1;
}

/** Locks and returns the entry, or 404 (a malformed id too). */
async function locked<T extends ContentTable>(tx: Tx, table: T, id: string): Promise<T['$inferSelect']> {
  const [row] = isUuid(id)
    ? await tx
        .select()
        .from(table as ContentTable)
        .where(eq(table.id, id))
        .for('update')
    : [];
  if (!row) throw new HttpError(404, 'notFound');
  return row as T['$inferSelect'];
}

/** The names of the fields whose value differs. */
function changedFields<T extends object>(before: T, after: T): (keyof T & string)[] {
  return (Object.keys(after) as (keyof T & string)[]).filter((k) => after[k] !== before[k]);
}

export async function createFaqEntry(ctx: SignedInContext, input: FaqInput): Promise<FaqView> {
  return changing(ctx, 'faq', async (tx) => {
    await lockLists(tx, 'faq', [input.locale]);
    const position = await nextPosition(tx, faqEntries, input.locale);
    const [row] = await tx
      .insert(faqEntries)
      .values({ ...input, position })
      .returning(faqView);
    await record(tx, ctx, 'content.create', 'faq', row.id, { locale: row.locale, question: row.question, published: row.published });
    return row as FaqView;
  });
}

/** Changes what the patch names; a new language puts the entry at the end of that language's list. */
export async function updateFaqEntry(ctx: SignedInContext, id: string, patch: FaqPatch): Promise<FaqView> {
  return changing(ctx, 'faq', async (tx) => {
    if (patch.locale) await lockLists(tx, 'faq', locales);
    const current = await locked(tx, faqEntries, id);
    const next = {
      locale: patch.locale ?? (current.locale as Locale),
      question: patch.question ?? current.question,
      answer: patch.answer ?? current.answer,
      published: patch.published ?? current.published,
    };
    const changed = changedFields({ locale: current.locale, question: current.question, answer: current.answer, published: current.published }, next);
    if (changed.length === 0) return { ...next, id: current.id, position: current.position };
    const position = next.locale !== current.locale ? await nextPosition(tx, faqEntries, next.locale) : current.position;
    const [row] = await tx
      .update(faqEntries)
      .set({ ...next, position, updatedAt: new Date() })
      .where(eq(faqEntries.id, current.id))
      .returning(faqView);
    await record(tx, ctx, 'content.update', 'faq', row.id, { locale: row.locale, question: row.question, published: row.published, changed });
    return row as FaqView;
  });
}

/** Refuses a slug or a topic the language already has (another article's, when `exceptId` is given). */
async function assertHelpFree(tx: Tx, locale: Locale, slug: string, topic: string, exceptId?: string) {
  const taken = await tx
    .select({ slug: helpArticles.slug, topic: helpArticles.topic })
    .from(helpArticles)
    .where(
      and(
        eq(helpArticles.locale, locale),
        or(eq(helpArticles.slug, slug), eq(helpArticles.topic, topic)),
        exceptId ? ne(helpArticles.id, exceptId) : undefined,
      ),
    );
  const fields: Record<string, string> = {};
  if (taken.some((a) => a.slug === slug)) fields.slug = 'rootContentSlugTaken';
  if (taken.some((a) => a.topic === topic)) fields.topic = 'rootContentTopicTaken';
  if (fields.slug || fields.topic) throw new HttpError(409, fields.slug ?? fields.topic, fields);
}

export async function createHelpArticle(ctx: SignedInContext, input: HelpInput): Promise<HelpView> {
  return changing(ctx, 'help', async (tx) => {
    await lockLists(tx, 'help', [input.locale]);
    await assertHelpFree(tx, input.locale, input.slug, input.topic);
    const position = await nextPosition(tx, helpArticles, input.locale);
    const [row] = await tx
      .insert(helpArticles)
      .values({ ...input, position })
      .returning(helpView);
    await record(tx, ctx, 'content.create', 'help', row.id, { locale: row.locale, slug: row.slug, title: row.title, published: row.published });
    return row as HelpView;
  });
}

export async function updateHelpArticle(ctx: SignedInContext, id: string, patch: HelpPatch): Promise<HelpView> {
  return changing(ctx, 'help', async (tx) => {
    if (patch.locale) await lockLists(tx, 'help', locales);
    const current = await locked(tx, helpArticles, id);
    const before = {
      locale: current.locale as Locale,
      topic: current.topic,
      slug: current.slug,
      title: current.title,
      summary: current.summary,
      body: current.body,
      published: current.published,
    };
    const next = { ...before, ...Object.fromEntries(Object.entries(patch).filter((e) => e[1] !== undefined)) } as typeof before;
    const changed = changedFields(before, next);
    if (changed.length === 0) return { ...next, id: current.id, position: current.position };
    if (next.locale !== before.locale || next.slug !== before.slug || next.topic !== before.topic)
      await assertHelpFree(tx, next.locale, next.slug, next.topic, current.id);
    const position = next.locale !== before.locale ? await nextPosition(tx, helpArticles, next.locale) : current.position;
    const [row] = await tx
      .update(helpArticles)
      .set({ ...next, position, updatedAt: new Date() })
      .where(eq(helpArticles.id, current.id))
      .returning(helpView);
    await record(tx, ctx, 'content.update', 'help', row.id, { locale: row.locale, slug: row.slug, title: row.title, published: row.published, changed });
    return row as HelpView;
  });
}

/** Deletes a FAQ entry or a help article for good. */
export async function deleteContent(ctx: SignedInContext, kind: ContentKind, id: string): Promise<void> {
  await changing(ctx, kind, async (tx) => {
    const table = TABLES[kind];
    const row = await locked(tx, table, id);
    await tx.delete(table).where(eq(table.id, row.id));
    const named = 'question' in row ? { question: row.question } : { slug: row.slug, title: row.title };
    await record(tx, ctx, 'content.delete', kind, row.id, { locale: row.locale, ...named });
  });
}

/** Puts a language's entries in the given order; the list must name each of them exactly once. */
export async function orderContent(ctx: SignedInContext, kind: ContentKind, order: ContentOrder): Promise<void> {
  await changing(ctx, kind, async (tx) => {
    await lockLists(tx, kind, [order.locale]);
    const table = TABLES[kind];
    const current = (kind === 'faq' ? await listFaqEntries(tx, order.locale) : await listHelpArticles(tx, order.locale)).map((r) => r.id);
    const known = new Set(current);
    if (order.ids.length !== current.length || order.ids.some((id) => !known.has(id))) {
      throw new HttpError(400, 'rootContentOrderIncomplete', { ids: 'rootContentOrderIncomplete' }, { expected: current.length });
    }
    if (order.ids.every((id, i) => id === current[i])) return;
    const values = sql.join(
      order.ids.map((id, i) => sql`(${id}::uuid, ${i + 1}::integer)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${table} set position = v.position from (values ${values}) as v(id, position) where ${table.id} = v.id and ${table.locale} = ${order.locale}`,
    );
    await record(tx, ctx, 'content.order', kind, null, { kind, locale: order.locale, ids: order.ids });
  });
}
