import { login } from '@/lib/auth/login';
import { signedIn } from '@/lib/auth/respond';
import { loginSchema } from '@/lib/auth/schemas';
import { readJson } from '@/lib/http/body';
import { route, type RouteContext } from '@/lib/http/route';

/** Sign in with email and password. */
export const POST = route<RouteContext>(
  async (req, ctx) => {
    const input = await readJson(req, loginSchema);
    const { tokens } = await login(ctx.db, input, ctx);
    return signedIn(ctx.db, req, tokens);
  },
  { auth: 'none', rateLimit: 'login' },
);
