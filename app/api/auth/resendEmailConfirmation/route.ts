import { resendConfirmation } from '@/lib/auth/email-confirmation';
import { json, route } from '@/lib/http/route';

/** Sends the confirmation link again; a cooldown of 60 s between sends. */
export const POST = route(async (_req, ctx) => {
  const { secondsLeft } = await resendConfirmation(ctx.db, ctx.viewer.user.id);
  return json({ message: ctx.t('confirmationSent', { email: ctx.viewer.user.email }), data: { secondsLeft } });
});
