import { json } from '@/lib/http/route';
import { photomagikRoute } from '@/lib/photomagik/http';
import { PHOTOMAGIK_LIMITS as L } from '@/lib/photomagik/limits';
import { listUsers } from '@/lib/photomagik/users';

export const GET = photomagikRoute(
  async (req, ctx) => json({ users: await listUsers(ctx, (req.nextUrl.searchParams.get('q') ?? '').trim().slice(0, L.externalIdMax)) }),
  { permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__USERS__VIEW'] },
);
