import { eq } from 'drizzle-orm';
import { isUuid } from '../auth/refresh-token';
import { isActiveMember } from '../chats/access';
import { HttpError } from '../http/errors';
import type { SignedInContext } from '../http/route';
import { privateFileResponse } from '../storage/download';
import { isRequestsStaff } from './access';
import { requestMessages, requests } from './tables';

const IMAGE = /^image\/(png|jpeg|webp|gif)$/;

/**
 * A thread attachment for whoever may read its entry: staff of the project holding
 * REQUESTS__VIEW, or the requester for public replies of their own request. Anything else,
 * notes' files for the requester included, is a 404.
 */
export async function requestFile(ctx: Pick<SignedInContext, 'db' | 'viewer'>, entryId: string, fileId: string): Promise<Response> {
  if (!isUuid(entryId) || !isUuid(fileId)) throw new HttpError(404, 'notFound');
  const [row] = await ctx.db
    .select({ entry: requestMessages, requesterId: requests.requesterId })
    .from(requestMessages)
    .innerJoin(requests, eq(requests.id, requestMessages.requestId))
    .where(eq(requestMessages.id, entryId))
    .limit(1);
  const file = row?.entry.attachments.find((a) => a.id === fileId);
  if (!row || !file) throw new HttpError(404, 'notFound');
  const staff = isRequestsStaff(ctx, row.entry.projectId);
  const requester =
    !staff && row.requesterId === ctx.viewer.user.id && row.entry.kind === 'reply' && (await isActiveMember(ctx.db, ctx.viewer.user.id, row.entry.projectId));
  if (!staff && !requester) throw new HttpError(404, 'notFound');
  return privateFileResponse({ key: file.key, name: file.name, type: file.type, inline: IMAGE.test(file.type), cacheControl: 'private, max-age=3600' });
}
