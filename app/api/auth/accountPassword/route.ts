import { changePassword } from '@/lib/auth/account';
import { accountPasswordSchema } from '@/lib/auth/schemas';
import { readJson } from '@/lib/http/body';
import { json, route } from '@/lib/http/route';

/** Changes the password; every other device of the user is signed out. */
export const POST = route(async (req, ctx) => {
  const input = await readJson(req, accountPasswordSchema);
  await changePassword(ctx.db, ctx.viewer.user.id, ctx.viewer.claims.sid, input);
  return json({ message: ctx.t('passwordChanged') });
});
