import { json, param } from '@/lib/http/route';
import { parseWith } from '@/lib/http/body';
import { funnel } from '@/lib/interviews/funnel-sql';
import { interviewRoute } from '@/lib/interviews/http';
import { funnelQuerySchema } from '@/lib/interviews/schemas';

/** Per question of one version: respondents who reached it, answered it and left there. */
export const GET = interviewRoute(
  async (req, ctx) => {
    const query = parseWith(funnelQuerySchema, Object.fromEntries([...req.nextUrl.searchParams].filter(([, v]) => v !== '')));
    return json({ funnel: await funnel(ctx, await param(ctx, 'id'), query) });
  },
  { permissions: ['INTERVIEWS__VIEW'] },
);
