import { readMultipart } from '@/lib/http/multipart';
import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { submitTransfer } from '@/lib/invoices/payments';
import { proofLimits, removeProof, storeProof } from '@/lib/invoices/proofs';
import { transferSchema } from '@/lib/invoices/schemas';
import { getProjectInvoiceOrThrow } from '@/lib/invoices/service';

/** A bank transfer with its proof (`proof` file part): pending until root confirms it. */
export const POST = route<ProjectContext>(
  async (req, ctx) => {
    const id = await param(ctx, 'id');
    const invoice = await getProjectInvoiceOrThrow(ctx, id);
    const { data, files } = await readMultipart(req, transferSchema, proofLimits);
    const proof = await storeProof(ctx.project.id, invoice.id, files.get('proof'));
    try {
      const view = await submitTransfer(ctx, id, data, proof);
      return json({ invoice: view, message: ctx.t('invoicesTransferSent') }, { status: 201 });
    } catch (error) {
      await removeProof(proof.key);
      throw error;
    }
  },
  { permissions: ['INVOICES__PAY'] },
);
