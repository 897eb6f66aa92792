import { asc } from 'drizzle-orm';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import type { ConnectedViewer } from '../access/page';
import { getDb } from '../db/client';
import { HttpError } from '../http/errors';
import { projects } from '../projects/tables';
import type { Paying } from './queries';
import type { InvoiceView } from './schemas';
import { fullView, getProjectInvoiceOrThrow, rootInvoiceView } from './service';
import { payingFor } from './paying';

// What the invoice pages' server components read: one read per request (shared by the title
// and the page), and a 404 page for ids that are not the project's.

function or404(error: unknown): never {
  if (error instanceof HttpError && error.status === 404) notFound();
  throw error;
}

export const projectInvoice = cache(async (viewer: ConnectedViewer, id: string): Promise<{ invoice: InvoiceView; paying: Paying }> => {
  try {
    const db = getDb();
    const invoice = await fullView(db, await getProjectInvoiceOrThrow({ db, project: viewer.project }, id));
    return { invoice, paying: await payingFor(db, invoice) };
  } catch (error) {
    return or404(error);
  }
});

export const rootInvoice = cache(async (id: string): Promise<InvoiceView> => {
  try {
    return await rootInvoiceView(getDb(), id);
  } catch (error) {
    return or404(error);
  }
});

export type ProjectChoice = { id: string; name: string; currency: string };

/** The projects root may bill, by name, with the currency each bills in by default. */
export async function projectChoices(): Promise<ProjectChoice[]> {
  return getDb().select({ id: projects.id, name: projects.name, currency: projects.currency }).from(projects).orderBy(asc(projects.name)).limit(1000);
}
