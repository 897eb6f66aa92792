import { updateGeneral } from '@/lib/auth/account';
import { accountGeneralSchemaFor } from '@/lib/auth/schemas';
import { readMultipart } from '@/lib/http/body';
import { HttpError } from '@/lib/http/errors';
import { json, route } from '@/lib/http/route';
import { AVATAR_MAX_BYTES } from '@/lib/users/avatar-limits';

// The avatar plus a little room for the json part and the multipart framing.
const BODY_LIMIT = AVATAR_MAX_BYTES + 64 * 1024;

/** Name, email (current password, then confirmed by link), time zone and avatar. */
export const POST = route(async (req, ctx) => {
  const { data, files } = await readMultipart(req, accountGeneralSchemaFor(ctx.viewer.user.email), BODY_LIMIT, /^avatar$/);
  const avatar = files.get('avatar');
  if (avatar && avatar.size > AVATAR_MAX_BYTES) throw new HttpError(413, 'fileTooLarge', { avatar: 'fileTooLarge' });
  const result = await updateGeneral(ctx.db, ctx.viewer.user.id, data, avatar, { locale: ctx.locale, ip: ctx.ip });
  return json({ ...result, message: ctx.t(result.emailPending ? 'savedEmailPending' : 'saved', { email: result.emailPending ?? '' }) });
});
