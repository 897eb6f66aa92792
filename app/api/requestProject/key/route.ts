import { parseWith } from '@/lib/http/body';
import { json, route } from '@/lib/http/route';
import { isKeyAvailable } from '@/lib/projects/request';
import { projectKeyQuerySchema } from '@/lib/projects/schemas';

/** Whether a project key is still free, for the request form's check as the user types. */
export const GET = route(
  async (req, ctx) => {
    const { key } = parseWith(projectKeyQuerySchema, { key: req.nextUrl.searchParams.get('key') });
    return json({ data: { key, available: await isKeyAvailable(ctx.db, key) } });
  },
  { rateLimit: 'requestProjectKey' },
);
