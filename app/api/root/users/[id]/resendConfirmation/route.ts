import { actorOf, json, param, route } from '@/lib/http/route';
import { resendUserConfirmation } from '@/lib/root/user-actions';

/** Emails an unconfirmed user a new confirmation link. */
export const POST = route(
  async (_req, ctx) => {
    const data = await resendUserConfirmation(ctx.db, actorOf(ctx), await param(ctx, 'id'));
    return json({ data, message: ctx.t('rootUsersConfirmationSent', { email: data.email }) });
  },
  { root: true },
);
