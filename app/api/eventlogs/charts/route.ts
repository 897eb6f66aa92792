import { parseWith } from '@/lib/http/body';
import { json, route, type ProjectContext } from '@/lib/http/route';
import { chartsQuerySchema } from '@/lib/eventlogs/schemas';
import { accessCharts } from '@/lib/eventlogs/service';

/** Visitors, visits and page views per local day over a range, with the period before it. */
export const GET = route<ProjectContext>(
  async (req, ctx) => json(await accessCharts(ctx, parseWith(chartsQuerySchema, Object.fromEntries(req.nextUrl.searchParams)))),
  { permissions: ['EXTENSIONS__EVENTLOGS__VIEW'], extension: 'eventLogs' },
);
