import { readJson } from '@/lib/http/body';
import { json, param, route } from '@/lib/http/route';
import { rateOwn } from '@/lib/requests/rating';
import { ratingSchema } from '@/lib/requests/schemas';

/** {score, comment}: the requester rates their own solved request (or changes the rating, within the limit). */
export const POST = route(async (req, ctx) => {
  const rating = await rateOwn(ctx, await param(ctx, 'id'), await readJson(req, ratingSchema));
  return json({ data: { rating }, message: ctx.t('requests.ratedOwn') });
});
