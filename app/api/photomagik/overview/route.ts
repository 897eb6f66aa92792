import { json } from '@/lib/http/route';
import { photomagikRoute } from '@/lib/photomagik/http';
import { overview } from '@/lib/photomagik/overview';

export const GET = photomagikRoute(async (_req, ctx) => json({ overview: await overview(ctx) }), {
  permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__OVERVIEW__VIEW'],
});
