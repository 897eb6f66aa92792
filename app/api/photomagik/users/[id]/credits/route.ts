import { readJson } from '@/lib/http/body';
import { json, param } from '@/lib/http/route';
import { photomagikRoute, said } from '@/lib/photomagik/http';
import { creditsSchema } from '@/lib/photomagik/schemas';
import { grantCredits } from '@/lib/photomagik/users';

export const POST = photomagikRoute(
  async (req, ctx) => {
    const user = await grantCredits(ctx, await param(ctx, 'id'), await readJson(req, creditsSchema));
    return json({ user, message: said(ctx, 'creditsSaved', { name: user.name || user.externalId, credits: user.credits }) });
  },
  { permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__USERS__UPDATE'] },
);
