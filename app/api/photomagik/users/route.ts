import { json } from '@/lib/http/route';
import { photomagikRoute } from '@/lib/photomagik/http';
import { PHOTOMAGIK_LIMITS as L } from '@/lib/photomagik/limits';
import { listUsers } from '@/lib/photomagik/users';

export const GET = photomagikRoute(
  // `?q=` filters, `?before=<last user's id>` asks for the page after it.
  async (req, ctx) => {
    const params = req.nextUrl.searchParams;
    return json(await listUsers(ctx, (params.get('q') ?? '').trim().slice(0, L.externalIdMax), params.get('before') ?? undefined));
  },
  { permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__USERS__VIEW'] },
);
