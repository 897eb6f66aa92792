import { confirmEmail } from '@/lib/auth/email-confirmation';
import { emailConfirmationSchema } from '@/lib/auth/schemas';
import { readJson } from '@/lib/http/body';
import { json, route, type RouteContext } from '@/lib/http/route';

/** Opens the emailed link: the address is confirmed (status 1) or the changed address applied. */
export const POST = route<RouteContext>(
  async (req, ctx) => {
    const input = await readJson(req, emailConfirmationSchema);
    await confirmEmail(ctx.db, input, ctx.ip);
    return json({ message: ctx.t('emailConfirmed'), data: { status: 1 } });
  },
  { auth: 'none' },
);
