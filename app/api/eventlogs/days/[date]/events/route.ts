import { parseWith } from '@/lib/http/body';
import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { eventsQuerySchema } from '@/lib/eventlogs/schemas';
import { dateOrThrow, dayEvents } from '@/lib/eventlogs/service';

/** A page of the day's raw events, filtered by kind, path and hour. */
export const GET = route<ProjectContext>(
  async (req, ctx) => {
    const date = dateOrThrow(await param(ctx, 'date'));
    return json(await dayEvents(ctx, date, parseWith(eventsQuerySchema, Object.fromEntries(req.nextUrl.searchParams))));
  },
  { permissions: ['EXTENSIONS__EVENTLOGS__VIEW'], extension: 'eventLogs' },
);
