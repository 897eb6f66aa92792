import { leaveAdmin } from '@/lib/auth/admin';
import { requestTokens } from '@/lib/auth/current';
import { signedIn } from '@/lib/auth/respond';
import { leaveAdminSchema } from '@/lib/auth/schemas';
import { readJson } from '@/lib/http/body';
import { route } from '@/lib/http/route';

/** Root stops acting as a project's admin and gets their own session back. */
export const POST = route(async (req, ctx) => {
  const input = await readJson(req, leaveAdminSchema);
  const tokens = await leaveAdmin(ctx.db, ctx.viewer, input.refreshToken || requestTokens(req).refreshToken, { ip: ctx.ip });
  return signedIn(ctx.db, req, tokens);
});
