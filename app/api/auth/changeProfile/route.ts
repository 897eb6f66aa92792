import { changeProfile } from '@/lib/auth/change-profile';
import { requestTokens } from '@/lib/auth/current';
import { signedIn } from '@/lib/auth/respond';
import { changeProfileSchema } from '@/lib/auth/schemas';
import { readJson } from '@/lib/http/body';
import { route } from '@/lib/http/route';

/**
 * Switches the session to another project and profile: new tokens, the user, project
 * and profile. The browser cannot read its HttpOnly cookie, so without a `refreshToken`
 * in the body the cookie's is used; API clients send theirs.
 */
export const POST = route(async (req, ctx) => {
  const input = await readJson(req, changeProfileSchema);
  const tokens = await changeProfile(ctx.db, ctx.viewer, { ...input, refreshToken: input.refreshToken || requestTokens(req).refreshToken });
  return signedIn(ctx.db, req, tokens);
});
