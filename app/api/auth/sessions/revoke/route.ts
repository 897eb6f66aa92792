import { revokeSessionSchema } from '@/lib/auth/schemas';
import { revokeSession } from '@/lib/auth/sessions';
import { readJson } from '@/lib/http/body';
import { HttpError } from '@/lib/http/errors';
import { json, route } from '@/lib/http/route';

/** Signs one of the user's devices out; another user's session is not found. */
export const POST = route(async (req, ctx) => {
  const { id } = await readJson(req, revokeSessionSchema);
  if (!(await revokeSession(ctx.db, id, ctx.viewer.user.id))) throw new HttpError(404, 'notFound');
  return json({ message: ctx.t('deviceSignedOut') });
});
