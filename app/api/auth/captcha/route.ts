import { captchaAnswer } from '@/lib/captcha/service';
import { json, route, type RouteContext } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** A fresh ALTCHA challenge, or the hosted provider and site key the widget should load. */
export const GET = route<RouteContext>(async (_req, ctx) => json(await captchaAnswer(ctx.db, ctx.ip)), { auth: 'none' });
