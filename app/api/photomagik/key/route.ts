import { json } from '@/lib/http/route';
import { photomagikRoute, said } from '@/lib/photomagik/http';
import { createKey, keyStatus } from '@/lib/photomagik/keys';

// The public API key sits with the overview (who may see it is in use) and is made by those
// who manage users' credits, since a key spends them.
export const GET = photomagikRoute(async (_req, ctx) => json({ key: await keyStatus(ctx) }), {
  permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__OVERVIEW__VIEW'],
});

export const POST = photomagikRoute(
  async (_req, ctx) => {
    const { key, status } = await createKey(ctx);
    return json({ secret: key, key: status, message: said(ctx, 'keyCreated') }, { status: 201 });
  },
  { permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__USERS__UPDATE'] },
);
