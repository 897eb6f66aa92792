import { interviewRoute, responsesQuery } from '@/lib/interviews/http';
import { param } from '@/lib/http/route';
import { exportCsv } from '@/lib/interviews/csv';
import { contentDisposition } from '@/lib/storage/download';

/** The filtered responses as CSV, streamed as it is read. */
export const GET = interviewRoute(
  async (req, ctx) => {
    const { filename, stream } = await exportCsv(ctx, await param(ctx, 'id'), responsesQuery(req));
    return new Response(stream, {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': contentDisposition('attachment', filename), 'Cache-Control': 'no-store' },
    });
  },
  { permissions: ['INTERVIEWS__VIEW'] },
);
