import { eq } from 'drizzle-orm';
import { audit } from '../audit/service';
import { isUuid } from '../auth/refresh-token';
import type { Db, Tx } from '../db/client';
import { HttpError } from '../http/errors';
import { actorOf, type SignedInContext } from '../http/route';
import { projects } from '../projects/tables';
import type { BillingView, InvoiceBillingInput } from './schemas';
import { loadBilling } from './read';
import { invoiceBilling } from './tables';

// The billed side of a project's invoices. Root keeps it (the platform is the one billing),
// and the PDF reads it at render time, so a corrected address shows on every copy.

async function projectOrThrow(db: Db | Tx, projectId: string): Promise<void> {
  if (!isUuid(projectId)) throw new HttpError(404, 'notFound');
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!row) throw new HttpError(404, 'notFound');
}

/** Root reads a project's billing details; an unknown project is a 404. */
export async function billingOf(db: Db, projectId: string): Promise<BillingView> {
  await projectOrThrow(db, projectId);
  return loadBilling(db, projectId);
}

/** Root saves a project's billing details (audited under that project, as root's invoice actions are). */
export async function saveBilling(ctx: SignedInContext, projectId: string, input: InvoiceBillingInput): Promise<BillingView> {
  return ctx.db.transaction(async (tx) => {
    await projectOrThrow(tx, projectId);
    const values = { legalName: input.legalName ?? '', address: input.address ?? '', taxId: input.taxId ?? '', updatedAt: new Date() };
    await tx
      .insert(invoiceBilling)
      .values({ projectId, ...values })
      .onConflictDoUpdate({ target: invoiceBilling.projectId, set: values });
    await audit(tx, { ...actorOf(ctx), projectId }, { action: 'invoice.billing', data: { legalName: values.legalName, taxId: values.taxId } });
    return { legalName: values.legalName, address: values.address, taxId: values.taxId };
  });
}
