import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { env } from '../env';
import { HttpError } from '../http/errors';
import type { Locale } from '../i18n/locales';
import { textFor } from '../i18n/server-text';
import { projects } from '../projects/tables';
import { figuresOf } from './figures';
import { renderInvoicePdf } from './pdf';
import { getInvoiceOrThrow } from './read';
import type { InvoicePreviewInput } from './schemas';
import type { Invoice } from './tables';
import { viewOf } from './views';

// The editor's live preview: the values being typed, through the same figures and the same
// PDF as a saved invoice, written nowhere. A draft being edited lends its number.

export async function previewPdf(db: Db, input: InvoicePreviewInput, locale: Locale, appName: string): Promise<{ bytes: Uint8Array; number: string }> {
  const [project] = await db.select({ name: projects.name }).from(projects).where(eq(projects.id, input.projectId));
  if (!project) throw new HttpError(400, 'invalidInput', { projectId: 'invoicesUnknownProject' });
  const saved = input.id ? await getInvoiceOrThrow(db, input.id) : null;
  const now = new Date();
  const row: Invoice = {
    ...figuresOf(input),
    id: saved?.id ?? crypto.randomUUID(),
    projectId: input.projectId,
    number: saved?.number ?? textFor(locale, 'invoices')('document.draftNumber'),
    status: 'draft',
    paid: 0n,
    test: saved?.test ?? env().PAYMENTS_TEST,
    nextIssueDate: null,
    sourceId: null,
    reminders: [],
    sentAt: null,
    viewedAt: null,
    paidAt: null,
    voidedAt: null,
    createdBy: null,
    createdAt: now,
    updatedAt: now,
  };
  const view = viewOf(row, project.name, [], now.toISOString().slice(0, 10));
  return { bytes: await renderInvoicePdf(db, view, locale, appName), number: row.number };
}
