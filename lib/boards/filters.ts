import { addDays, DUE_SOON_DAYS } from '../dashboard/days';
import type { CardView } from './types';
import { dateTimeFormat } from '../format/intl';

// The board's filters, applied in the browser to the cards it already holds.

export type DueFilter = 'any' | 'overdue' | 'week' | 'none';
export type BoardFilters = { assignee: string; label: string; due: DueFilter; text: string };
export const NO_FILTERS: BoardFilters = { assignee: '', label: '', due: 'any', text: '' };

/** Today as YYYY-MM-DD in the user's time zone (else the browser's): due days compare as text. */
export function todayIn(timeZone: string | null | undefined, now = new Date()): string {
  try {
    return dateTimeFormat('en-CA', { timeZone: timeZone || undefined, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return dateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  }
}

/** Past its due day in the user's zone: due "today" is not overdue yet. */
export const isOverdue = (card: Pick<CardView, 'dueOn'>, today: string) => card.dueOn !== null && card.dueOn < today;

export function isFiltering(f: BoardFilters): boolean {
  return f.assignee !== '' || f.label !== '' || f.due !== 'any' || f.text.trim() !== '';
}

export function matches(card: CardView, f: BoardFilters, today: string): boolean {
  if (f.assignee === 'none' ? card.assigneeIds.length > 0 : f.assignee && !card.assigneeIds.includes(f.assignee)) return false;
  if (f.label && !card.labelIds.includes(f.label)) return false;
  if (f.due === 'overdue' && !isOverdue(card, today)) return false;
  if (f.due === 'none' && card.dueOn !== null) return false;
  // "Within 7 days" is the home's window too: today and the six days after it.
  if (f.due === 'week' && (card.dueOn === null || card.dueOn < today || card.dueOn > addDays(today, DUE_SOON_DAYS - 1))) return false;
  const text = f.text.trim().toLowerCase();
  return !text || card.title.toLowerCase().includes(text);
}
