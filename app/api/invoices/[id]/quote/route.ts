import { readJson } from '@/lib/http/body';
import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { createQuote } from '@/lib/invoices/crypto';
import { cryptoQuoteSchema } from '@/lib/invoices/schemas';

/** Locks a crypto amount for part or all of what is due (a new quote also renews an expired one). */
export const POST = route<ProjectContext>(
  async (req, ctx) => json({ invoice: await createQuote(ctx, await param(ctx, 'id'), await readJson(req, cryptoQuoteSchema)) }, { status: 201 }),
  { permissions: ['INVOICES__PAY'] },
);
