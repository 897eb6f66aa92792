import { readJson } from '@/lib/http/body';
import { actorOf, json, route } from '@/lib/http/route';
import { testEmailSchema } from '@/lib/root/console-schemas';
import { sendTestEmail } from '@/lib/root/outbox';

/** Sends a test email through the configured SMTP server (409 when there is none). */
export const POST = route(
  async (req, ctx) => {
    const { to } = await readJson(req, testEmailSchema);
    const email = await sendTestEmail(ctx.db, actorOf(ctx), { to, sender: ctx.viewer.user.name, locale: ctx.locale });
    return json({ data: email, message: ctx.t('rootOutboxTestSent', { to }) }, { status: 201 });
  },
  { root: true },
);
