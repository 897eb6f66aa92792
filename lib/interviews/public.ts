import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { verifyCaptcha } from '../captcha/service';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { enforce, hit } from '../http/rate-limit';
import { cleanFileName, detectFileType } from '../projects/files';
import { PROJECT_STATUS } from '../projects/status';
import { projects } from '../projects/tables';
import { storage } from '../storage';
import { checkAnswers, type Answers, type FileAnswer } from './answers';
import { publishResponse } from './events';
import { ANSWER_FILE_MAX_BYTES, HIDDEN_VALUE_MAX, SUBMIT_LIMIT, UNCHECKED_LIMIT } from './limits';
import type { Question } from './questions';
import type { SubmitInput } from './schemas';
import { interviewResponses, interviews, interviewVersions } from './tables';

type Interview = typeof interviews.$inferSelect;

/** What the public page shows: a form, or why there is none. */
export type PublicState =
  | { state: 'open'; project: { id: string; key: string; name: string }; interview: Interview; versionId: string; questions: Question[] }
  | { state: 'closed'; project: { key: string; name: string }; interview: Interview }
  | { state: 'full'; project: { key: string; name: string }; interview: Interview }
  | { state: 'unavailable'; project: { key: string; name: string } }
  | { state: 'missing'; project: { key: string; name: string } }
  | null;

/** Past its closing date or its cap, a published interview is as good as closed. */
function openness(row: Interview, now = new Date()): 'open' | 'closed' | 'full' {
  if (row.status !== 'published' || (row.closesAt && row.closesAt <= now)) return 'closed';
  if (row.maxResponses != null && row.responses >= row.maxResponses) return 'full';
  return 'open';
}

/**
 * The project's interview by slug, or its public one. null only for an unknown project key:
 * a disabled project, a closed or full interview or none at all each get a page of their own.
 */
export async function findPublicInterview(db: Db, key: string, slug?: string): Promise<PublicState> {
  const [project] = await db
    .select({ id: projects.id, key: projects.key, name: projects.name, status: projects.status })
    .from(projects)
    .where(eq(projects.key, key))
    .limit(1);
  if (!project) return null;
  const named = { key: project.key, name: project.name };
  if (project.status !== PROJECT_STATUS.enabled) return { state: 'unavailable', project: named };
  const [row] = await db
    .select()
    .from(interviews)
    .where(and(eq(interviews.projectId, project.id), slug ? eq(interviews.slug, slug) : eq(interviews.isPublic, true)))
    .limit(1);
  // A draft is nobody's business yet.
  if (!row || row.version === 0 || row.status === 'draft') return { state: 'missing', project: named };
  const state = openness(row);
  if (state !== 'open') return state === 'closed' ? { state, project: named, interview: row } : { state, project: named, interview: row };
  const [version] = await db
    .select({ id: interviewVersions.id, questions: interviewVersions.questions })
    .from(interviewVersions)
    .where(and(eq(interviewVersions.interviewId, row.id), eq(interviewVersions.number, row.version)));
  return { state: 'open', project: { id: project.id, ...named }, interview: row, versionId: version.id, questions: version.questions };
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A saved draft's answers for the page to fill in, or null for an unknown or finished token. */
export async function findDraft(db: Db, interviewId: string, token: string | undefined): Promise<{ answers: Answers; hidden: Record<string, string> } | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ answers: interviewResponses.answers, hidden: interviewResponses.hidden })
    .from(interviewResponses)
    .where(and(eq(interviewResponses.resumeHash, hashOf(token)), eq(interviewResponses.interviewId, interviewId), eq(interviewResponses.status, 'partial')));
  return row ?? null;
}

export type SubmitMeta = { ip: string; userAgent: string; referrer: string; files: Map<string, File>; viaScript: boolean };
export type SubmitResult =
  | { outcome: 'saved'; token: string }
  | { outcome: 'invalid'; token: string; errors: Record<string, string> }
  | { outcome: 'complete'; responseId: string }
  /** The interview's hourly share of posts without the human check is used up. */
  | { outcome: 'limited' };

/** Uploaded answers checked by content and stored privately; a bad one is a field error. */
async function storeFiles(state: Extract<PublicState, { state: 'open' }>, questions: Question[], files: Map<string, File>, stored: string[]) {
  const answers: Answers = {};
  for (const q of questions.filter((x) => x.type === 'file')) {
    const file = files.get(`q_${q.id}`);
    if (!file || file.size === 0) continue;
    if (file.size > ANSWER_FILE_MAX_BYTES)
      throw new HttpError(413, 'interviews.fileTooLarge', { [`answers.${q.id}`]: 'interviews.fileTooLarge' }, { max: ANSWER_FILE_MAX_BYTES / 1024 / 1024 });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = detectFileType(bytes, file.name);
    if (!type) throw new HttpError(400, 'interviews.fileType', { [`answers.${q.id}`]: 'interviews.fileType' });
    const key = `interviews/${state.project.id}/${state.interview.id}/${randomUUID()}`;
    await storage().put(key, bytes, type);
    stored.push(key);
    answers[q.id] = { key, name: cleanFileName(file.name), type, size: bytes.byteLength } satisfies FileAnswer;
  }
  return answers;
}

/**
 * Saves a draft (any time, answers checked but not required) or submits (every reached
 * question valid, the human check passed when the form could run it, the cap not yet
 * reached). A draft gets a resume token; only its hash is stored.
 */
export async function submitResponse(db: Db, input: SubmitInput, meta: SubmitMeta): Promise<SubmitResult> {
  await enforce(db, `interviewSubmit:${meta.ip}`, SUBMIT_LIMIT);
  const state = await findPublicInterview(db, input.key, input.slug);
  if (!state || state.state === 'missing' || state.state === 'unavailable') throw new HttpError(404, 'notFound');
  if (state.state !== 'open') throw new HttpError(409, 'interviews.closed');
  // Nothing is stored past the interview's share of unchecked posts: the no-script form says so on its page.
  if (!meta.viaScript && (await hit(db, `interviewUnchecked:${state.interview.id}`, UNCHECKED_LIMIT)).exceeded) return { outcome: 'limited' };
  const allowed = new Set(state.interview.hiddenFields);
  const hidden = Object.fromEntries(
    Object.entries(input.hidden)
      .filter(([k]) => allowed.has(k))
      .map(([k, v]) => [k, v.slice(0, HIDDEN_VALUE_MAX)]),
  );
  const previous = input.token ? await findDraft(db, state.interview.id, input.token) : null;
  const stored: string[] = [];
  try {
    const uploads = input.final ? await storeFiles(state, state.questions, meta.files, stored) : {};
    const raw = { ...(previous?.answers ?? {}), ...input.answers, ...uploads };
    const { answers, errors, ok } = checkAnswers(state.questions, raw, { partial: !input.final });
    // The enhanced form shows its errors in place: a refused submit changes nothing. Only the
    // form without JavaScript keeps what was typed, as a draft to show again with the errors.
    if (input.final && !ok && meta.viaScript) return { outcome: 'invalid', token: input.token ?? '', errors };
    if (input.final && ok && meta.viaScript && !(await verifyCaptcha(db, input.captchaCode, meta.ip)))
      throw new HttpError(400, 'captchaFailed', { captchaCode: 'captchaFailed' });
    const complete = input.final && ok;
    const token = input.token && previous ? input.token : randomBytes(24).toString('base64url');
    const values = {
      versionId: state.versionId,
      answers: complete ? answers : { ...answers, ...pickInvalid(raw, errors) },
      hidden: { ...(previous?.hidden ?? {}), ...hidden },
      userAgent: meta.userAgent.slice(0, 400),
      referrer: meta.referrer.slice(0, 400),
      updatedAt: new Date(),
    };
    const result = await db.transaction(async (tx) => {
      // The interview's row serializes submissions, so the cap is never overshot.
      const [row] = await tx.select().from(interviews).where(eq(interviews.id, state.interview.id)).for('update');
      if (openness(row) !== 'open' || row.version !== state.interview.version) throw new HttpError(409, 'interviews.closed');
      const started = input.startedAt ? new Date(input.startedAt) : new Date();
      const finished = complete
        ? { status: 'complete' as const, resumeHash: null, submittedAt: new Date(), checked: meta.viaScript }
        : { status: 'partial' as const };
      let id: string;
      if (previous) {
        const [updated] = await tx
          .update(interviewResponses)
          .set({ ...values, ...finished })
          .where(and(eq(interviewResponses.resumeHash, hashOf(input.token!)), eq(interviewResponses.status, 'partial')))
          .returning({ id: interviewResponses.id });
        id = updated.id;
      } else {
        const [inserted] = await tx
          .insert(interviewResponses)
          .values({
            ...values,
            ...finished,
            projectId: state.project.id,
            interviewId: state.interview.id,
            startedAt: started > new Date() ? new Date() : started,
            resumeHash: complete ? null : hashOf(token),
          })
          .returning({ id: interviewResponses.id });
        id = inserted.id;
      }
      if (complete)
        await tx
          .update(interviews)
          .set({ responses: sql`${interviews.responses} + 1` })
          .where(eq(interviews.id, row.id));
      return id;
    });
    if (complete) {
      await publishResponse(state.project.id, state.interview.id, result);
      return { outcome: 'complete', responseId: result };
    }
    return input.final ? { outcome: 'invalid', token, errors } : { outcome: 'saved', token };
  } catch (error) {
    await Promise.all(
      stored.map((k) =>
        storage()
          .delete(k)
          .catch(() => undefined),
      ),
    );
    throw error;
  }
}

/** What the respondent typed where it was refused, kept in the draft so the page can show it again. */
function pickInvalid(raw: Record<string, unknown>, errors: Record<string, string>): Answers {
  const out: Answers = {};
  for (const id of Object.keys(errors)) {
    const v = raw[id];
    if (typeof v === 'string') out[id] = v.slice(0, 5000);
    else if (Array.isArray(v)) out[id] = v.filter((x): x is string => typeof x === 'string').slice(0, 50);
  }
  return out;
}
