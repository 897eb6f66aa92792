import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { dateOrThrow, dayDetail } from '@/lib/eventlogs/service';

/** One local day hour by hour; a date that is not a real YYYY-MM-DD is a 404. */
export const GET = route<ProjectContext>(async (_req, ctx) => json(await dayDetail(ctx, dateOrThrow(await param(ctx, 'date')))), {
  permissions: ['EXTENSIONS__EVENTLOGS__VIEW'],
  extension: 'eventLogs',
});
