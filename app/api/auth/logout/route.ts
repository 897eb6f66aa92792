import { requestTokens } from '@/lib/auth/current';
import { clearAuthCookie } from '@/lib/auth/respond';
import { endSession } from '@/lib/auth/sessions';
import { json, route, type RouteContext } from '@/lib/http/route';

/** Ends this device's session (even with an expired access token) and clears the cookie. */
export const POST = route<RouteContext>(
  async (req, ctx) => {
    await endSession(ctx.db, ctx.viewer?.claims.sid, requestTokens(req).refreshToken);
    return clearAuthCookie(json({ message: ctx.t('signedOut') }), req);
  },
  { auth: 'optional' },
);
