import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { audit } from '../audit/service';
import { addDays, dayIn } from '../dashboard/days';
import type { Db } from '../db/client';
import { logger } from '../log/logger';
import { projects } from '../projects/tables';
import { projectsToday } from '../projects/time-zone';
import { nextInvoiceNumber } from './numbering';
import { announce } from './events';
import { nextDate } from './recurrence';
import { invoices, type Invoice } from './tables';
import { todayUtc } from './views';
import { errorText } from '../log/error-text';

// Recurring invoices and reminders. Everything the scheduler knows lives in the invoice rows
// (next_issue_date, reminders), so a restart simply resumes. Across instances: one run at a
// time holds a transaction-scoped advisory lock, recurring sources are claimed FOR UPDATE SKIP
// LOCKED, the unique (source_id, issue_date) index refuses a second copy of one date, and each
// reminder is claimed by a conditional update before its email goes out.

export const SCHEDULER_INTERVAL_MS = 60_000;
/** The "before" reminder goes this many days ahead of the due date. */
export const REMIND_DAYS_BEFORE = 3;
/** Missed periods issued per source in one run (a server off for a long time catches up over a few runs). */
const CATCH_UP = 12;
const LOCK_KEY = 'invoices:scheduler';

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Issues what recurring invoices owe up to `today`; returns the new invoices. */
export async function issueRecurring(db: Db, today = todayUtc()): Promise<Invoice[]> {
  return db.transaction(async (tx) => {
    const [{ locked }] = (await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext(${LOCK_KEY})) as locked`)).rows;
    if (!locked) return [];
    const sources = await tx
      .select()
      .from(invoices)
      .where(and(ne(invoices.recurrence, 'none'), ne(invoices.status, 'void'), ne(invoices.status, 'draft'), lte(invoices.nextIssueDate, today)))
      .for('update', { skipLocked: true });
    const issued: Invoice[] = [];
    for (const source of sources) {
      if (source.recurrence === 'none') continue;
      const term = daysBetween(source.issueDate, source.dueDate);
      let next = source.nextIssueDate!;
      for (let i = 0; i < CATCH_UP && next <= today; i += 1) {
        const { id: _id, number: _n, createdAt: _c, updatedAt: _u, ...copy } = source;
        const [row] = await tx
          .insert(invoices)
          .values({
            ...copy,
            number: await nextInvoiceNumber(tx, next),
            status: 'sent',
            issueDate: next,
            dueDate: addDays(next, term),
            paid: 0n,
            recurrence: 'none',
            nextIssueDate: null,
            sourceId: source.id,
            reminders: [],
            sentAt: new Date(),
            viewedAt: null,
            paidAt: null,
            voidedAt: null,
          })
          .onConflictDoNothing()
          .returning();
        if (row) {
          issued.push(row);
          await audit(
            tx,
            { userId: null, projectId: row.projectId },
            { action: 'invoice.recurring', target: { type: 'invoice', id: row.id }, data: { number: row.number, sourceId: source.id } },
          );
        }
        next = nextDate(next, source.recurrence, Number(source.issueDate.slice(8, 10)));
      }
      await tx.update(invoices).set({ nextIssueDate: next }).where(eq(invoices.id, source.id));
    }
    return issued;
  });
}

/** Claims one reminder for an invoice; false when another run (or instance) already sent it. */
async function claimReminder(db: Db, id: string, kind: 'before' | 'after'): Promise<Invoice | null> {
  const [row] = await db
    .update(invoices)
    .set({ reminders: sql`${invoices.reminders} || ${JSON.stringify([kind])}::jsonb` })
    .where(and(eq(invoices.id, id), sql`not (${invoices.reminders} @> ${JSON.stringify([kind])}::jsonb)`))
    .returning();
  return row ?? null;
}

/**
 * Reminders: once a few days before the due date, once after it, for invoices still open.
 * The day is the billed project's, so "overdue" in the email is what its invoice list says.
 */
export async function sendReminders(db: Db, now = new Date()): Promise<number> {
  const { sendInvoiceEmail } = await import('./mail');
  const today = await projectsToday(db, now);
  const open = await db
    .select({ id: invoices.id, dueDate: invoices.dueDate, reminders: invoices.reminders, timeZone: projects.timeZone })
    .from(invoices)
    .innerJoin(projects, eq(projects.id, invoices.projectId))
    .where(and(inArray(invoices.status, ['sent', 'viewed', 'partial']), lte(invoices.dueDate, sql`${today} + ${REMIND_DAYS_BEFORE}::integer`)));
  let sent = 0;
  for (const inv of open) {
    const kind = inv.dueDate < dayIn(inv.timeZone, now) ? 'after' : 'before';
    if (inv.reminders.includes(kind) || (kind === 'before' && inv.reminders.includes('after'))) continue;
    const claimed = await claimReminder(db, inv.id, kind);
    if (!claimed) continue;
    await sendInvoiceEmail(db, claimed, kind === 'before' ? 'reminderBefore' : 'reminderAfter');
    await audit(
      db,
      { userId: null, projectId: claimed.projectId },
      { action: 'invoice.reminder', target: { type: 'invoice', id: claimed.id }, data: { number: claimed.number, kind } },
    );
    sent += 1;
  }
  return sent;
}

/** Recurring copies are issued by the platform's (UTC) day; reminders follow each project's. */
export async function runInvoiceJobs(db: Db, now = new Date()): Promise<{ issued: number; reminders: number }> {
  const issued = await issueRecurring(db, todayUtc(now));
  if (issued.length) {
    const { sendInvoiceEmail } = await import('./mail');
    for (const invoice of issued) {
      announce(invoice);
      await sendInvoiceEmail(db, invoice, 'issued');
    }
  }
  return { issued: issued.length, reminders: await sendReminders(db, now) };
}

/** Runs the jobs now and every minute; `stop()` on shutdown. A failed run is logged and retried next time. */
export function startInvoiceScheduler(db: Db): { stop(): void } {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const done = await runInvoiceJobs(db);
      if (done.issued || done.reminders) logger.info(done, 'invoice jobs');
    } catch (error) {
      logger.error({ err: errorText(error) }, 'invoice jobs failed');
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), SCHEDULER_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
