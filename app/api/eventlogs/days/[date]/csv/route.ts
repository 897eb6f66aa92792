import { parseWith } from '@/lib/http/body';
import { param, route, type ProjectContext } from '@/lib/http/route';
import { eventsQuerySchema } from '@/lib/eventlogs/schemas';
import { dateOrThrow, dayEventsCsv } from '@/lib/eventlogs/service';

/** The day's raw events with the same filters as the list, as a CSV download. */
export const GET = route<ProjectContext>(
  async (req, ctx) => {
    const date = dateOrThrow(await param(ctx, 'date'));
    const { page: _page, ...filters } = parseWith(eventsQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
    return new Response(await dayEventsCsv(ctx, date, filters), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="events-${date}.csv"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
  { permissions: ['EXTENSIONS__EVENTLOGS__VIEW'], extension: 'eventLogs' },
);
