import { undoEmailChange } from '@/lib/auth/email-change';
import { emailChangeUndoSchema } from '@/lib/auth/schemas';
import { readJson } from '@/lib/http/body';
import { json, route, type RouteContext } from '@/lib/http/route';
import { textFor } from '@/lib/i18n/server-text';

/** Opens the undo link sent to the old address: that address is restored and every session ends. */
export const POST = route<RouteContext>(
  async (req, ctx) => {
    const input = await readJson(req, emailChangeUndoSchema);
    const { email } = await undoEmailChange(ctx.db, input, ctx.ip);
    // The page's own namespace: the answer belongs to the undo page, not the generic API texts.
    return json({ message: textFor(ctx.locale, 'auth')('emailChangeUndone', { email }), data: { email } });
  },
  { auth: 'none' },
);
