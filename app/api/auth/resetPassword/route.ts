import { resetPassword } from '@/lib/auth/password-reset';
import { resetPasswordSchema } from '@/lib/auth/schemas';
import { readJson } from '@/lib/http/body';
import { json, route, type RouteContext } from '@/lib/http/route';

/** Sets a new password from the emailed link and ends every session of the account. */
export const POST = route<RouteContext>(
  async (req, ctx) => {
    await resetPassword(ctx.db, await readJson(req, resetPasswordSchema));
    return json({ message: ctx.t('passwordReset') });
  },
  { auth: 'none' },
);
