import { and, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import { addDays, DUE_SOON_DAYS } from '../dashboard/days';
import type { DueFilter } from './schemas';
import { invoices } from './tables';

// One definition of "overdue" and "due soon" from the project's side, shared by the home's
// figures and the list's `?due=` filter. Due days compare as YYYY-MM-DD text.

/** Issued and not fully paid. */
const UNPAID = inArray(invoices.status, ['sent', 'viewed', 'partial']);

/** Unpaid invoices past their due day (`overdue`) or due from today to DUE_SOON_DAYS − 1 days on (`soon`). */
export function unpaidDue(due: DueFilter, today: string): SQL {
  if (due === 'overdue') return and(UNPAID, lt(invoices.dueDate, today))!;
  return and(UNPAID, gte(invoices.dueDate, today), lte(invoices.dueDate, addDays(today, DUE_SOON_DAYS - 1)))!;
}
