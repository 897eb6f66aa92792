import { json, param, route, type RouteContext } from '@/lib/http/route';
import { localized } from '@/lib/photomagik/http';
import { projectForKey } from '@/lib/photomagik/keys';
import { publicGeneration, publicImage } from '@/lib/photomagik/public';

/** A generation's state with the project's key; `?image=1` answers the image itself once done. */
export const GET = route<RouteContext>(
  localized(async (req, ctx) => {
    const key = await param(ctx, 'key');
    const project = await projectForKey(ctx.db, key, req.headers.get('authorization'));
    const id = await param(ctx, 'id');
    if (req.nextUrl.searchParams.get('image') === '1') {
      const bytes = await publicImage(ctx.db, project.id, id);
      return new Response(new Blob([bytes as BlobPart]), { headers: { 'Content-Type': 'image/webp', 'Cache-Control': 'private, no-store' } });
    }
    return json({ generation: await publicGeneration(ctx.db, project.id, key, id) });
  }),
  { auth: 'none' },
);
