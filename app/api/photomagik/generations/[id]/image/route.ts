import { param } from '@/lib/http/route';
import { photomagikRoute } from '@/lib/photomagik/http';
import { generationImage } from '@/lib/photomagik/users';

/** A generated image, for the users' history: private, so served only to those who may see it. */
export const GET = photomagikRoute(
  async (_req, ctx) => {
    const bytes = await generationImage(ctx, await param(ctx, 'id'));
    return new Response(new Blob([bytes as BlobPart]), {
      headers: { 'Content-Type': 'image/webp', 'Cache-Control': 'private, max-age=3600', 'X-Content-Type-Options': 'nosniff' },
    });
  },
  { permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__USERS__VIEW'] },
);
