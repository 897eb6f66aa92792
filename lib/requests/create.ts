import { and, eq, sql } from 'drizzle-orm';
import { isActiveMember } from '../chats/access';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { defaultLocale, type Locale } from '../i18n/locales';
import { memberships } from '../projects/tables';
import { users } from '../users/tables';
import type { OwnCtx, StaffCtx } from './access';
import { publishChanged, publishEntry } from './events';
import { mailRequester } from './mail';
import type { RequesterCreateInput, StaffCreateInput } from './schemas';
import { insertRequest, type NewRequest } from './numbering';
import { insertEntry, withFiles } from './thread';
import type { RequestRow } from './tables';

type Author = { id: string; name: string; avatar: string | null };

/** The request, its first public entry and its files in one go; the number is taken last, inside the transaction. */
async function open(db: Db, input: NewRequest, author: Author, body: string, files: Map<string, File>, locale: Locale): Promise<RequestRow> {
  // Files are stored under an id chosen now, so a failed insert leaves nothing behind.
  const id = crypto.randomUUID();
  const { row, entry } = await withFiles(input.projectId, id, files, (attachments) =>
    db.transaction(async (tx) => {
      const row = await insertRequest(tx, { ...input, id } as NewRequest);
      const entry = await insertEntry(tx, row, author, 'reply', body, { attachments, locale });
      return { row, entry };
    }),
  );
  await publishChanged(row, true);
  await publishEntry(row, entry, true);
  return row;
}

const authorOf = (ctx: OwnCtx): Author => ({ id: ctx.viewer.user.id, name: ctx.viewer.user.name, avatar: ctx.viewer.user.avatar });

/** A user of an enabled project asks it something; anything else is a 404 for them. */
export async function openOwnRequest(ctx: OwnCtx, input: RequesterCreateInput, files: Map<string, File>): Promise<RequestRow> {
  const me = ctx.viewer.user.id;
  if (!(await isActiveMember(ctx.db, me, input.projectId))) throw new HttpError(404, 'notFound');
  const base: NewRequest = {
    projectId: input.projectId,
    requesterId: me,
    createdBy: me,
    subject: input.subject,
    type: input.type,
    priority: 'normal',
    tags: [],
  };
  return open(ctx.db as Db, base, authorOf(ctx), input.body, files, ctx.locale ?? defaultLocale);
}

/** Staff open a request for one of the project's users (named by email); the user is told by email. */
export async function openForUser(ctx: StaffCtx, input: StaffCreateInput, files: Map<string, File>): Promise<RequestRow> {
  const [requester] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.projectId, ctx.project.id), eq(memberships.status, 1)))
    .where(sql`lower(${users.email}) = ${input.requesterEmail}`)
    .limit(1);
  if (!requester) throw new HttpError(400, 'invalidInput', { requesterEmail: 'requests.notAUser' });
  const base: NewRequest = {
    projectId: ctx.project.id,
    requesterId: requester.id,
    createdBy: ctx.viewer.user.id,
    subject: input.subject,
    type: input.type,
    priority: input.priority,
    tags: input.tags,
    // Staff wrote the first entry themselves: the first response is given.
    firstResponseAt: new Date(),
  };
  const row = await open(ctx.db as Db, base, authorOf(ctx), input.body, files, ctx.locale ?? defaultLocale);
  if (requester.id !== ctx.viewer.user.id) await mailRequester(ctx.db as Db, row, 'requestOpened');
  return row;
}
