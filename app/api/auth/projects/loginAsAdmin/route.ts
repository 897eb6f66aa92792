import { enterAsAdmin } from '@/lib/auth/admin';
import { requestTokens } from '@/lib/auth/current';
import { signedIn } from '@/lib/auth/respond';
import { loginAsAdminSchema } from '@/lib/auth/schemas';
import { readJson } from '@/lib/http/body';
import { route } from '@/lib/http/route';

/**
 * Root enters a project as its admin (SPEC.md section 7): new tokens connected to the
 * project through its owner profile. The browser's refresh token comes from its cookie.
 */
export const POST = route(
  async (req, ctx) => {
    const input = await readJson(req, loginAsAdminSchema);
    const refreshToken = input.refreshToken || requestTokens(req).refreshToken;
    const tokens = await enterAsAdmin(ctx.db, ctx.viewer, { refreshToken, projectId: input.projectId }, { userAgent: ctx.userAgent, ip: ctx.ip });
    return signedIn(ctx.db, req, tokens);
  },
  { root: true },
);
