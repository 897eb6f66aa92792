import { register } from '@/lib/auth/register';
import { signedIn } from '@/lib/auth/respond';
import { registerSchema } from '@/lib/auth/schemas';
import { readJson } from '@/lib/http/body';
import { route, type RouteContext } from '@/lib/http/route';

/** Create an account; the new user is signed in with status −1 until the email is confirmed. */
export const POST = route<RouteContext>(
  async (req, ctx) => {
    const input = await readJson(req, registerSchema);
    const { tokens } = await register(ctx.db, input, ctx, ctx.locale);
    return signedIn(ctx.db, req, tokens);
  },
  { auth: 'none' },
);
