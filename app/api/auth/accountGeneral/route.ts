import { updateGeneral } from '@/lib/auth/account';
import { accountGeneralSchemaFor } from '@/lib/auth/schemas';
import { HttpError } from '@/lib/http/errors';
import { readMultipart } from '@/lib/http/multipart';
import { json, route } from '@/lib/http/route';
import { AVATAR_MAX_BYTES } from '@/lib/users/avatar-limits';

// The avatar plus a little room for the json part and the multipart framing.
const BODY_LIMIT = AVATAR_MAX_BYTES + 64 * 1024;
const tooLarge = () => new HttpError(413, 'fileTooLarge', { avatar: 'fileTooLarge' });

/** Name, email (current password, then confirmed by link), time zone and avatar. */
export const POST = route(async (req, ctx) => {
  const { data, files } = await readMultipart(req, accountGeneralSchemaFor(ctx.viewer.user.email), {
    limit: BODY_LIMIT,
    fileParts: /^avatar$/,
    maxFiles: 1,
    fileBytes: AVATAR_MAX_BYTES,
    fileTooLarge: tooLarge,
  });
  const avatar = files.get('avatar');
  const result = await updateGeneral(ctx.db, ctx.viewer.user.id, data, avatar, { locale: ctx.locale, ip: ctx.ip });
  return json({ ...result, message: ctx.t(result.emailPending ? 'savedEmailPending' : 'saved', { email: result.emailPending ?? '' }) });
});
