import { requestTokens } from '@/lib/auth/current';
import { clearAuthCookie, setAuthCookie } from '@/lib/auth/respond';
import { refreshSchema } from '@/lib/auth/schemas';
import { refreshSession } from '@/lib/auth/sessions';
import { readJson } from '@/lib/http/body';
import { errorBody } from '@/lib/http/errors';
import { json, route, type RouteContext } from '@/lib/http/route';

/** A new access token and a rotated refresh token, from the body's token or the cookie's. */
export const POST = route<RouteContext>(
  async (req, ctx) => {
    const { refreshToken } = await readJson(req, refreshSchema);
    const tokens = await refreshSession(ctx.db, refreshToken || requestTokens(req).refreshToken, ctx);
    if (!tokens) {
      const res = json(errorBody(ctx.t('sessionEnded')), { status: 401 });
      return clearAuthCookie(res, req);
    }
    return setAuthCookie(json({ auth: tokens }), req, tokens);
  },
  { auth: 'none' },
);
