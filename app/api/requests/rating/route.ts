import { readJson } from '@/lib/http/body';
import { json, route, type RouteContext } from '@/lib/http/route';
import { rateByToken } from '@/lib/requests/rating';
import { tokenRatingSchema } from '@/lib/requests/schemas';

/** {token, score, comment}: the emailed link's rating; the signed token is the credential, no session needed. */
export const POST = route<RouteContext>(
  async (req, ctx) => {
    const { token, ...input } = await readJson(req, tokenRatingSchema);
    const { number, rating } = await rateByToken(ctx.db, ctx.ip, { token, ...input });
    return json({ data: { rating }, message: ctx.t('requests.rated', { number }) });
  },
  { auth: 'none' },
);
