import { readJson } from '@/lib/http/body';
import { json, route, type ProjectContext } from '@/lib/http/route';
import { retentionSchema } from '@/lib/eventlogs/schemas';
import { updateRetention } from '@/lib/eventlogs/service';

/** How many days the project's events are kept; seeing the logs and managing settings are both needed. */
export const PUT = route<ProjectContext>(async (req, ctx) => json(await updateRetention(ctx, (await readJson(req, retentionSchema)).retentionDays)), {
  permissions: ['EXTENSIONS__EVENTLOGS__VIEW', 'SETTINGS__UPDATE'],
  extension: 'eventLogs',
});
