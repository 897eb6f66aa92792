import { interviewRoute, said } from '@/lib/interviews/http';
import { readJson } from '@/lib/http/body';
import { json, param } from '@/lib/http/route';
import { statusSchema } from '@/lib/interviews/schemas';
import { setStatus } from '@/lib/interviews/service';

/** Publish (freezing a version), close or reopen. */
export const POST = interviewRoute(
  async (req, ctx) => {
    const { status } = await readJson(req, statusSchema);
    const interview = await setStatus(ctx, await param(ctx, 'id'), status);
    return json({ interview, message: said(ctx, `status.${status}`, { title: interview.title }) });
  },
  { permissions: ['INTERVIEWS__UPDATE'] },
);
