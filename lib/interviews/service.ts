import { and, count, desc, eq, sql } from 'drizzle-orm';
import { isUuid } from '../auth/refresh-token';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/errors';
import type { ProjectContext } from '../http/route';
import { INTERVIEWS_PER_PROJECT_MAX } from './limits';
import type { Question } from './questions';
import { newResponsesByInterview } from './attention';
import type { InterviewInput, InterviewListItem, InterviewPatch, InterviewsFilter, InterviewStatus, InterviewView, VersionView } from './schemas';
import { storage } from '../storage';
import { interviewResponses, interviews, interviewVersions } from './tables';

type Reader = Pick<ProjectContext, 'db' | 'project'>;
type Interview = typeof interviews.$inferSelect;

export function toView(row: Interview): InterviewView {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    welcome: row.welcome,
    thanks: row.thanks,
    language: row.language,
    status: row.status,
    maxResponses: row.maxResponses,
    closesAt: row.closesAt?.toISOString() ?? null,
    isPublic: row.isPublic,
    indexable: row.indexable,
    hiddenFields: row.hiddenFields,
    questions: row.questions,
    version: row.version,
    responses: row.responses,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The project's interviews, newest first. */
export async function listInterviews(ctx: Reader, filter: InterviewsFilter = ''): Promise<InterviewListItem[]> {
  const [rows, fresh] = await Promise.all([
    ctx.db.select().from(interviews).where(eq(interviews.projectId, ctx.project.id)).orderBy(desc(interviews.createdAt), desc(interviews.id)),
    newResponsesByInterview(ctx.db, ctx.project.id),
  ]);
  const items = rows.map((row) => ({ ...toView(row), newResponses: fresh.get(row.id) ?? 0 }));
  return filter === 'new' ? items.filter((i) => i.newResponses > 0) : items;
}

async function findRow(db: Db | Tx, projectId: string, id: string, lock = false): Promise<Interview> {
  if (!isUuid(id)) throw new HttpError(404, 'notFound');
  const query = db
    .select()
    .from(interviews)
    .where(and(eq(interviews.id, id), eq(interviews.projectId, projectId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, 'notFound');
  return row;
}

/** One interview of the active project; another project's id or a malformed one is a 404. */
export async function getInterviewOrThrow(ctx: Reader, id: string): Promise<InterviewView> {
  return toView(await findRow(ctx.db, ctx.project.id, id));
}

/** Unique slug and single public interview, as the indexes enforce them, named by field. */
async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'interviews.slugTaken', { slug: 'interviews.slugTaken' });
    throw error;
  }
}

const settingsOf = (input: InterviewPatch) => ({
  ...input,
  closesAt: input.closesAt === undefined ? undefined : input.closesAt === null ? null : new Date(input.closesAt),
});

export async function createInterview(ctx: ProjectContext, input: InterviewInput): Promise<InterviewView> {
  return writing(() =>
    ctx.db.transaction(async (tx) => {
      const [{ n }] = await tx.select({ n: count() }).from(interviews).where(eq(interviews.projectId, ctx.project.id));
      if (n >= INTERVIEWS_PER_PROJECT_MAX) throw new HttpError(409, 'interviews.tooMany', {}, { max: INTERVIEWS_PER_PROJECT_MAX });
      // Choosing this one as the public interview takes the choice from the previous one.
      if (input.isPublic)
        await tx
          .update(interviews)
          .set({ isPublic: false })
          .where(and(eq(interviews.projectId, ctx.project.id), eq(interviews.isPublic, true)));
      const [row] = await tx
        .insert(interviews)
        .values({ ...settingsOf(input), projectId: ctx.project.id, createdBy: ctx.viewer.user.id } as typeof interviews.$inferInsert)
        .returning();
      return toView(row);
    }),
  );
}

export async function updateInterview(ctx: ProjectContext, id: string, patch: InterviewPatch): Promise<InterviewView> {
  return writing(() =>
    ctx.db.transaction(async (tx) => {
      await findRow(tx, ctx.project.id, id, true);
      if (patch.isPublic)
        await tx
          .update(interviews)
          .set({ isPublic: false })
          .where(and(eq(interviews.projectId, ctx.project.id), eq(interviews.isPublic, true), sql`${interviews.id} <> ${id}`));
      const [row] = await tx
        .update(interviews)
        .set({ ...settingsOf(patch), updatedAt: new Date() })
        .where(eq(interviews.id, id))
        .returning();
      return toView(row);
    }),
  );
}

/** Deletes the interview, its versions and responses, then the files its responses uploaded. */
export async function deleteInterview(ctx: ProjectContext, id: string): Promise<{ title: string }> {
  const { title, keys } = await ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, ctx.project.id, id, true);
    // Only versions that ask for a file can have stored any: most interviews skip the read.
    const versions = await tx.select({ questions: interviewVersions.questions }).from(interviewVersions).where(eq(interviewVersions.interviewId, id));
    const fileIds = [...new Set(versions.flatMap((v) => v.questions.filter((q) => q.type === 'file').map((q) => q.id)))];
    const keys: string[] = [];
    for (const qid of fileIds) {
      const rows = await tx
        .select({ key: sql<string | null>`${interviewResponses.answers} -> ${qid} ->> 'key'` })
        .from(interviewResponses)
        .where(eq(interviewResponses.interviewId, id));
      keys.push(...rows.flatMap((r) => (r.key ? [r.key] : [])));
    }
    await tx.delete(interviews).where(eq(interviews.id, id));
    return { title: row.title, keys };
  });
  // After commit: a failed file delete leaves an orphan, never a response without its file.
  await Promise.all(
    keys.map((k) =>
      storage()
        .delete(k)
        .catch(() => undefined),
    ),
  );
  return { title };
}

// jsonb stores object keys in its own order: compare with keys sorted.
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : value;
const same = (a: readonly Question[], b: readonly Question[]) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** Freezes the working questions as the next version unless the newest already holds them. */
async function freeze(tx: Tx, row: Interview): Promise<number> {
  if (row.version > 0) {
    const [latest] = await tx
      .select({ questions: interviewVersions.questions })
      .from(interviewVersions)
      .where(and(eq(interviewVersions.interviewId, row.id), eq(interviewVersions.number, row.version)));
    if (latest && same(latest.questions, row.questions)) return row.version;
  }
  const number = row.version + 1;
  await tx.insert(interviewVersions).values({ interviewId: row.id, number, questions: row.questions });
  return number;
}

/**
 * Replaces the working questions. On a published interview the change is live at once, as
 * a new version: responses already given keep the version they answered.
 */
export async function saveQuestions(ctx: ProjectContext, id: string, questions: Question[]): Promise<InterviewView> {
  return ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, ctx.project.id, id, true);
    const next = { ...row, questions };
    const version = row.status === 'published' ? await freeze(tx, next) : row.version;
    const [saved] = await tx.update(interviews).set({ questions, version, updatedAt: new Date() }).where(eq(interviews.id, id)).returning();
    return toView(saved);
  });
}

/** draft → published (freezing a version) → closed, and back: a closed interview may reopen. */
export async function setStatus(ctx: ProjectContext, id: string, status: InterviewStatus): Promise<InterviewView> {
  return ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, ctx.project.id, id, true);
    let version = row.version;
    if (status === 'published') {
      if (row.questions.length === 0) throw new HttpError(409, 'interviews.noQuestions');
      version = await freeze(tx, row);
    }
    // Once answered, an interview cannot go back to draft: its versions are its history.
    if (status === 'draft' && row.version > 0) throw new HttpError(409, 'interviews.alreadyPublished');
    const [saved] = await tx.update(interviews).set({ status, version, updatedAt: new Date() }).where(eq(interviews.id, id)).returning();
    return toView(saved);
  });
}

/** The interview's frozen versions, newest first. */
export async function listVersions(ctx: Reader, id: string): Promise<VersionView[]> {
  const row = await findRow(ctx.db, ctx.project.id, id);
  const rows = await ctx.db.select().from(interviewVersions).where(eq(interviewVersions.interviewId, row.id)).orderBy(desc(interviewVersions.number));
  return rows.map((v) => ({ id: v.id, number: v.number, questions: v.questions, createdAt: v.createdAt.toISOString() }));
}

/** One version by number (the newest when absent), or 404. */
export async function getVersionOrThrow(db: Db, interviewId: string, number: number) {
  const [v] = await db
    .select()
    .from(interviewVersions)
    .where(and(eq(interviewVersions.interviewId, interviewId), eq(interviewVersions.number, number)));
  if (!v) throw new HttpError(404, 'notFound');
  return v;
}
