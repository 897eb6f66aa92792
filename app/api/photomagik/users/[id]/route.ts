import { readJson } from '@/lib/http/body';
import { json, param } from '@/lib/http/route';
import { photomagikRoute, said } from '@/lib/photomagik/http';
import { userPatchSchema } from '@/lib/photomagik/schemas';
import { historyOf, setBlocked } from '@/lib/photomagik/users';

/** The user and a page of their generation history (`?before=<last generation's id>` for the next). */
export const GET = photomagikRoute(
  async (req, ctx) => json(await historyOf(ctx, await param(ctx, 'id'), req.nextUrl.searchParams.get('before') ?? undefined)),
  {
    permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__USERS__VIEW'],
  },
);

/** Blocks or unblocks: a blocked user's generation calls are refused. */
export const PATCH = photomagikRoute(
  async (req, ctx) => {
    const { blocked } = await readJson(req, userPatchSchema);
    const user = await setBlocked(ctx, await param(ctx, 'id'), blocked);
    return json({ user, message: said(ctx, blocked ? 'userBlocked' : 'userUnblocked', { name: user.name || user.externalId }) });
  },
  { permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__USERS__UPDATE'] },
);
