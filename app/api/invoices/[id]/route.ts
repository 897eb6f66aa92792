import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { openProjectInvoice } from '@/lib/invoices/service';
import { loadSettings } from '@/lib/invoices/settings';

/** One invoice with its lines and payments, and how it can be paid; the first open marks it viewed. */
export const GET = route<ProjectContext>(
  async (_req, ctx) => {
    const invoice = await openProjectInvoice(ctx, await param(ctx, 'id'));
    const settings = await loadSettings(ctx.db);
    return json({ invoice, paying: { bankInstructions: settings.bankInstructions, provider: settings.cryptoProvider } });
  },
  { permissions: ['INVOICES__VIEW'] },
);
