import { and, eq, ne, sql } from 'drizzle-orm';
import { audit } from '../audit/service';
import type { AuthTokens } from '../auth/cookie';
import { setSessionPair } from '../auth/sessions';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/errors';
import type { SignedInContext } from '../http/route';
import { logger } from '../log/logger';
import { sendTemplate } from '../mail/service';
import { pathFor } from '../routes/match';
import { storage } from '../storage';
import { userLocale } from '../users/service';
import { users } from '../users/tables';
import { cleanFileName, detectFileType, type ProjectFileType } from './files';
import { PROJECT_STATUS } from './status';
import { PROJECT_FILE_MAX_BYTES, PROJECT_FILES_MAX, type RequestProjectInput } from './schemas';
import { membershipProfiles, memberships, profiles, projectFiles, projects } from './tables';

const MB = 1024 * 1024;

type CheckedFile = { name: string; bytes: Uint8Array; contentType: ProjectFileType };

export type RequestedProject = { id: string; key: string; name: string; status: number };

/** True when no project uses the key, whatever its case. */
export async function isKeyAvailable(db: Db, key: string): Promise<boolean> {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(sql`lower(${projects.key})`, key.toLowerCase()))
    .limit(1);
  return rows.length === 0;
}

const keyTaken = () => new HttpError(409, 'requestProjectKeyTaken', { key: 'requestProjectKeyTaken' });

/** Every file checked (count, size, type by content) before any is stored: a bad request stores nothing. */
async function checkFiles(files: File[]): Promise<CheckedFile[]> {
  if (files.length > PROJECT_FILES_MAX) throw new HttpError(400, 'requestProjectTooManyFiles', {}, { max: PROJECT_FILES_MAX });
  for (const file of files) {
    if (file.size > PROJECT_FILE_MAX_BYTES)
      throw new HttpError(413, 'requestProjectFileTooLarge', {}, { file: cleanFileName(file.name), max: PROJECT_FILE_MAX_BYTES / MB });
  }
  const checked: CheckedFile[] = [];
  for (const file of files) {
    const name = cleanFileName(file.name);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const contentType = detectFileType(bytes, name);
    if (!contentType) throw new HttpError(415, 'requestProjectFileType', {}, { file: name });
    checked.push({ name, bytes, contentType });
  }
  return checked;
}

/** Tells every active root user, each in their own language, that a request waits for review. */
async function notifyRoots(db: Db, project: RequestedProject, requester: { name: string; email: string }): Promise<void> {
  const roots = await db
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(and(eq(users.isRoot, true), ne(users.status, 0)));
  for (const root of roots) {
    const locale = userLocale(root);
    await sendTemplate(db, root.email, 'projectRequested', locale, {
      name: root.name,
      link: pathFor('rootProjects', locale),
      project: project.name,
      key: project.key,
      requester: `${requester.name} (${requester.email})`,
    });
  }
}

/**
 * Creates a project pending review (status 0) with the requester as its member through an
 * isRoot "Owner" profile, keeps the attached files in private storage, and points the
 * requester's session at the new pair: unconnected while pending, connected on the first
 * refresh after root enables it. Root users are emailed once it is committed.
 */
export async function requestProject(
  ctx: SignedInContext,
  input: RequestProjectInput,
  files: File[],
): Promise<{ project: RequestedProject; tokens: AuthTokens }> {
  const checked = await checkFiles(files);
  const user = ctx.viewer.user;
  const projectId = crypto.randomUUID();
  const stored: string[] = [];
  let tokens: AuthTokens;
  try {
    tokens = await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      if (!(await isKeyAvailable(db, input.key))) throw keyTaken();
      await db.insert(projects).values({
        id: projectId,
        key: input.key,
        name: input.name,
        description: input.description ?? '',
        status: PROJECT_STATUS.pending,
        language: ctx.locale,
        timeZone: user.timeZone,
        createdBy: user.id,
      });
      const [owner] = await db.insert(profiles).values({ projectId, name: 'Owner', isRoot: true }).returning({ id: profiles.id });
      const [membership] = await db.insert(memberships).values({ projectId, userId: user.id }).returning({ id: memberships.id });
      await db.insert(membershipProfiles).values({ membershipId: membership.id, profileId: owner.id });

      for (const file of checked) {
        const key = `projects/${projectId}/files/${crypto.randomUUID()}`;
        await storage().put(key, file.bytes, file.contentType);
        stored.push(key);
        await db
          .insert(projectFiles)
          .values({ projectId, key, name: file.name, contentType: file.contentType, size: file.bytes.byteLength, uploadedBy: user.id });
      }
      await audit(
        db,
        { userId: user.id, projectId, ip: ctx.ip },
        {
          action: 'project.request',
          target: { type: 'project', id: projectId },
          data: { key: input.key, name: input.name, files: checked.length },
        },
      );

      // Someone at work in another project stays there; anyone else is pointed at the new
      // project, which connects on the first refresh after root enables it.
      const current = ctx.viewer.project && ctx.viewer.profile ? { projectId: ctx.viewer.project.id, profileId: ctx.viewer.profile.id } : null;
      const next = await setSessionPair(db, ctx.viewer.claims.sid, user.id, current ?? { projectId, profileId: owner.id });
      if (!next) throw new HttpError(401, 'sessionEnded');
      return next;
    });
  } catch (error) {
    await Promise.all(
      stored.map((key) =>
        storage()
          .delete(key)
          .catch((err: unknown) => logger.error({ key, err: String(err) }, 'stored file left behind')),
      ),
    );
    // Two requests for one key at the same moment: the unique index lets only one through.
    if (isUniqueViolation(error)) throw keyTaken();
    throw error;
  }

  const project = { id: projectId, key: input.key, name: input.name, status: PROJECT_STATUS.pending };
  await notifyRoots(ctx.db, project, user);
  return { project, tokens };
}
