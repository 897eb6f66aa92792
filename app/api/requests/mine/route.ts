import { json, route } from '@/lib/http/route';
import { openOwnRequest } from '@/lib/requests/create';
import { listOwnRequests } from '@/lib/requests/own';
import { requesterCreateSchema } from '@/lib/requests/schemas';
import { countRequesterWrite, readForm } from '@/lib/requests/thread';
import { ownOf } from '@/lib/requests/views';
import { projectBrief } from '@/lib/requests/service';

// The requester's side: signed in is enough; the services check they are a user of the project.

/** The viewer's own requests across their projects, and the projects they may ask. */
export const GET = route(async (_req, ctx) => json({ data: await listOwnRequests(ctx) }));

/** {projectId, subject, type, body} (+ file_N): a new request of the viewer's. */
export const POST = route(async (req, ctx) => {
  await countRequesterWrite(ctx, 'open');
  const { data, files } = await readForm(req, requesterCreateSchema);
  const row = await openOwnRequest(ctx, data, files);
  return json(
    { data: { request: ownOf(row, await projectBrief(ctx.db, row.projectId)) }, message: ctx.t('requests.created', { number: row.number }) },
    { status: 201 },
  );
});
