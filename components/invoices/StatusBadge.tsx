import type { DisplayStatus } from '@/lib/invoices/schemas';

// Colour is a second cue only: the word is always there (and reads well in both themes).
const TONE: Record<DisplayStatus, string> = {
  draft: 'border-line text-muted',
  sent: 'border-sky-600 text-sky-800 dark:text-sky-300',
  viewed: 'border-sky-600 text-sky-800 dark:text-sky-300',
  partial: 'border-amber-600 text-amber-800 dark:text-amber-300',
  paid: 'border-emerald-600 text-emerald-800 dark:text-emerald-300',
  overdue: 'border-red-600 text-red-800 dark:text-red-300',
  void: 'border-line text-muted line-through',
};

export function StatusBadge({ status, label }: { status: DisplayStatus; label: string }) {
  return (
    <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium ${TONE[status]}`} data-testid="invoice-status" data-status={status}>
      {label}
    </span>
  );
}
