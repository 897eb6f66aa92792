import { and, desc, eq, gte, inArray, lt, ne, type SQL } from 'drizzle-orm';
import { audit, type Actor } from '../audit/service';
import { isUuid } from '../auth/refresh-token';
import type { Db, Tx } from '../db/client';
import { HttpError } from '../http/errors';
import { dayIn } from '../dashboard/days';
import { env } from '../env';
import { actorOf, type ProjectContext, type SignedInContext } from '../http/route';
import { projects } from '../projects/tables';
import { projectsToday, projectToday } from '../projects/time-zone';
import { unpaidDue } from './due';
import { announce } from './events';
import { nextDate } from './recurrence';
import { fullView, getInvoiceOrThrow } from './read';
import { figuresOf } from './figures';
import { nextInvoiceNumber } from './numbering';
import type { DueFilter, InvoiceCreateInput, InvoiceDraftInput, InvoiceSummary, InvoiceView } from './schemas';
import { invoicePayments, invoices, type Invoice } from './tables';
import { summaryOf } from './views';

// Root issues invoices to projects; a project's staff read theirs. Every project-side query
// is scoped to the active project, and drafts are root's alone.

const LIST_LIMIT = 500;

export { announce } from './events';
export { fullView, getInvoiceOrThrow } from './read';
export { figuresOf } from './figures';

function rootActor(ctx: SignedInContext, projectId: string): Actor {
  // Root's invoice actions are logged under the project billed, so its own audit shows them.
  return { ...actorOf(ctx), projectId };
}

/** The list's status filter as displayStatus reads it; `today` is the billed project's (a day, or one per project). */
function statusFilter(status: string | undefined, today: string | SQL): SQL | undefined {
  if (!status) return undefined;
  const open = inArray(invoices.status, ['sent', 'viewed', 'partial']);
  if (status === 'overdue') return and(open, lt(invoices.dueDate, today));
  if (status === 'sent' || status === 'viewed' || status === 'partial') return and(eq(invoices.status, status), gte(invoices.dueDate, today));
  return eq(invoices.status, status as Invoice['status']);
}

async function listWhere(db: Db, where: SQL | undefined): Promise<InvoiceSummary[]> {
  const rows = await db
    .select({ invoice: invoices, projectName: projects.name, timeZone: projects.timeZone })
    .from(invoices)
    .innerJoin(projects, eq(projects.id, invoices.projectId))
    .where(where)
    .orderBy(desc(invoices.issueDate), desc(invoices.number))
    .limit(LIST_LIMIT);
  const now = new Date();
  const days = new Map<string, string>();
  const today = (zone: string) => days.get(zone) ?? days.set(zone, dayIn(zone, now)).get(zone)!;
  return rows.map((r) => summaryOf(r.invoice, r.projectName, today(r.timeZone)));
}

// ——— Root ———

export async function listAllInvoices(db: Db, filter: { status?: string; projectId?: string }): Promise<InvoiceSummary[]> {
  const status = filter.status ? statusFilter(filter.status, await projectsToday(db)) : undefined;
  return listWhere(db, and(status, filter.projectId ? eq(invoices.projectId, filter.projectId) : undefined));
}

export async function rootInvoiceView(db: Db, id: string): Promise<InvoiceView> {
  return fullView(db, await getInvoiceOrThrow(db, id));
}

/** A new invoice for a project, numbered at once (drafts are voided, never deleted, so numbers have no gaps). */
export async function createInvoice(ctx: SignedInContext, input: InvoiceCreateInput): Promise<InvoiceView> {
  const [project] = await ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.id, input.projectId));
  if (!project) throw new HttpError(400, 'invalidInput', { projectId: 'invoicesUnknownProject' });
  const figures = figuresOf(input);
  const invoice = await ctx.db.transaction(async (tx) => {
    const number = await nextInvoiceNumber(tx, input.issueDate);
    const now = new Date();
    const [row] = await tx
      .insert(invoices)
      .values({
        ...figures,
        projectId: input.projectId,
        number,
        status: input.send ? 'sent' : 'draft',
        // Test mode makes test invoices; an invoice never changes kind afterwards.
        test: env().PAYMENTS_TEST,
        sentAt: input.send ? now : null,
        nextIssueDate: figures.recurrence === 'none' ? null : nextDate(figures.issueDate, figures.recurrence),
        createdBy: ctx.viewer.user.id,
      })
      .returning();
    await audit(tx, rootActor(ctx, row.projectId), {
      action: 'invoice.create',
      target: { type: 'invoice', id: row.id },
      data: { number, total: row.total.toString(), currency: row.currency, sent: input.send, test: row.test },
    });
    return row;
  });
  if (invoice.status === 'sent') await afterSend(ctx.db, invoice);
  return fullView(ctx.db, invoice);
}

/** Changes a draft; an issued invoice is fixed (void it and issue another). */
export async function updateDraft(ctx: SignedInContext, id: string, input: InvoiceDraftInput): Promise<InvoiceView> {
  const invoice = await ctx.db.transaction(async (tx) => {
    const current = await getInvoiceOrThrow(tx, id, true);
    if (current.status !== 'draft') throw new HttpError(409, 'invoicesNotDraft');
    const figures = figuresOf(input);
    const [row] = await tx
      .update(invoices)
      .set({ ...figures, nextIssueDate: figures.recurrence === 'none' ? null : nextDate(figures.issueDate, figures.recurrence), updatedAt: new Date() })
      .where(eq(invoices.id, id))
      .returning();
    await audit(tx, rootActor(ctx, row.projectId), {
      action: 'invoice.update',
      target: { type: 'invoice', id },
      data: { number: row.number, total: row.total.toString() },
    });
    return row;
  });
  return fullView(ctx.db, invoice);
}

async function afterSend(db: Db, invoice: Invoice) {
  announce(invoice);
  // Loaded on use: the email module renders the PDF, which the rest of this file never needs.
  const { sendInvoiceEmail } = await import('./mail');
  await sendInvoiceEmail(db, invoice, 'issued');
}

export async function sendInvoice(ctx: SignedInContext, id: string): Promise<InvoiceView> {
  const invoice = await ctx.db.transaction(async (tx) => {
    const current = await getInvoiceOrThrow(tx, id, true);
    if (current.status !== 'draft') throw new HttpError(409, 'invoicesNotDraft');
    const [row] = await tx.update(invoices).set({ status: 'sent', sentAt: new Date(), updatedAt: new Date() }).where(eq(invoices.id, id)).returning();
    await audit(tx, rootActor(ctx, row.projectId), { action: 'invoice.send', target: { type: 'invoice', id }, data: { number: row.number } });
    return row;
  });
  await afterSend(ctx.db, invoice);
  return fullView(ctx.db, invoice);
}

/** Voids an invoice nobody has paid towards; pending payments are rejected with it. */
export async function voidInvoice(ctx: SignedInContext, id: string): Promise<InvoiceView> {
  const invoice = await ctx.db.transaction(async (tx) => {
    const current = await getInvoiceOrThrow(tx, id, true);
    if (current.status === 'void') return current;
    if (current.paid > 0n) throw new HttpError(409, 'invoicesHasPayments');
    await tx
      .update(invoicePayments)
      .set({ status: 'rejected', decidedAt: new Date(), decidedBy: ctx.viewer.user.id })
      .where(and(eq(invoicePayments.invoiceId, id), eq(invoicePayments.status, 'pending')));
    const [row] = await tx
      .update(invoices)
      .set({ status: 'void', voidedAt: new Date(), nextIssueDate: null, updatedAt: new Date() })
      .where(eq(invoices.id, id))
      .returning();
    await audit(tx, rootActor(ctx, row.projectId), {
      action: 'invoice.void',
      target: { type: 'invoice', id },
      data: { number: row.number, from: current.status },
    });
    return row;
  });
  announce(invoice);
  return fullView(ctx.db, invoice);
}

/** Stops a recurring invoice from issuing more copies; the ones already issued stay as they are. */
export async function stopRecurrence(ctx: SignedInContext, id: string): Promise<InvoiceView> {
  const invoice = await ctx.db.transaction(async (tx) => {
    const current = await getInvoiceOrThrow(tx, id, true);
    if (current.recurrence === 'none') return current;
    const [row] = await tx.update(invoices).set({ recurrence: 'none', nextIssueDate: null, updatedAt: new Date() }).where(eq(invoices.id, id)).returning();
    await audit(tx, rootActor(ctx, row.projectId), {
      action: 'invoice.stopRecurring',
      target: { type: 'invoice', id },
      data: { number: row.number, recurrence: current.recurrence, nextIssueDate: current.nextIssueDate },
    });
    return row;
  });
  announce(invoice);
  return fullView(ctx.db, invoice);
}

// ——— Project ———

/** The active project's issued invoices (drafts are root's own); `due` counts days in the project's zone, as the home does. */
export async function listProjectInvoices(
  ctx: Pick<ProjectContext, 'db' | 'project'>,
  filter: { status?: string; due?: DueFilter | '' },
): Promise<InvoiceSummary[]> {
  const today = await projectToday(ctx.db, ctx.project.id);
  const due = filter.due ? unpaidDue(filter.due, today) : undefined;
  return listWhere(ctx.db, and(eq(invoices.projectId, ctx.project.id), ne(invoices.status, 'draft'), statusFilter(filter.status, today), due));
}

/** One issued invoice of the active project; another project's id, a draft or a malformed id is a 404. */
export async function getProjectInvoiceOrThrow(ctx: Pick<ProjectContext, 'db' | 'project'>, id: string, db: Db | Tx = ctx.db, lock = false): Promise<Invoice> {
  if (!isUuid(id)) throw new HttpError(404, 'notFound');
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.projectId, ctx.project.id), ne(invoices.status, 'draft')));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, 'notFound');
  return row;
}

/** The invoice as its project sees it; the first open by the project's staff marks it viewed. */
export async function openProjectInvoice(ctx: ProjectContext, id: string): Promise<InvoiceView> {
  let invoice = await getProjectInvoiceOrThrow(ctx, id);
  // Root looking in through "login as admin" is not the project reading its bill.
  if (!invoice.viewedAt && !ctx.viewer.actingAsAdmin) {
    invoice = await ctx.db.transaction(async (tx) => {
      const current = await getProjectInvoiceOrThrow(ctx, id, tx, true);
      if (current.viewedAt) return current;
      const [row] = await tx
        .update(invoices)
        .set({ viewedAt: new Date(), status: current.status === 'sent' ? 'viewed' : current.status })
        .where(eq(invoices.id, id))
        .returning();
      await audit(tx, actorOf(ctx), { action: 'invoice.view', target: { type: 'invoice', id }, data: { number: row.number } });
      return row;
    });
    announce(invoice);
  }
  return fullView(ctx.db, invoice);
}
