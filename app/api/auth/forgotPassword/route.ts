import { forgotPassword } from '@/lib/auth/password-reset';
import { forgotPasswordSchema } from '@/lib/auth/schemas';
import { readJson } from '@/lib/http/body';
import { json, route, type RouteContext } from '@/lib/http/route';

/** The same answer whether or not the address has an account. */
export const POST = route<RouteContext>(
  async (req, ctx) => {
    const input = await readJson(req, forgotPasswordSchema);
    await forgotPassword(ctx.db, input, ctx.ip, ctx.locale);
    return json({ message: ctx.t('resetSent') });
  },
  { auth: 'none' },
);
