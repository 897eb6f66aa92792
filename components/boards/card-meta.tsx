'use client';

import { isOverdue } from '@/lib/boards/filters';
import type { BoardView, CardView } from '@/lib/boards/types';
import { useLocale, useText } from '@/lib/i18n/client';
import { dateTimeFormat } from '@/lib/format/intl';

/** A due day in the reader's language; the day itself is the same everywhere. */
export function formatDay(day: string, locale: string): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

export function LabelChips({ board, ids }: { board: BoardView; ids: string[] }) {
  const labels = board.labels.filter((l) => ids.includes(l.id));
  if (!labels.length) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {labels.map((l) => (
        <span key={l.id} className="inline-flex items-center gap-1 rounded-full border border-line px-2 py-0.5 text-xs">
          <span aria-hidden className="size-2.5 rounded-full" style={{ background: l.color }} />
          {l.name}
        </span>
      ))}
    </span>
  );
}

/** Due day (overdue in red, said in words too), assignees, checklist, comments and files. */
export function CardMeta({ board, card, today }: { board: BoardView; card: CardView; today: string }) {
  const t = useText('boards');
  const locale = useLocale();
  const names = board.members.filter((m) => card.assigneeIds.includes(m.id)).map((m) => m.name);
  const overdue = isOverdue(card, today);
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
      {card.dueOn && (
        <span className={overdue ? 'font-semibold text-red-700 dark:text-red-400' : ''} data-testid={overdue ? 'card-overdue' : 'card-due'}>
          {overdue ? t('overdueOn', { date: formatDay(card.dueOn, locale) }) : t('dueOn', { date: formatDay(card.dueOn, locale) })}
        </span>
      )}
      {names.length > 0 && <span>{names.join(', ')}</span>}
      {card.checklist.total > 0 && <span>{t('checklistCount', { done: card.checklist.done, total: card.checklist.total })}</span>}
      {card.comments > 0 && <span>{t('commentsCount', { count: card.comments })}</span>}
      {card.attachments > 0 && <span>{t('filesCount', { count: card.attachments })}</span>}
    </span>
  );
}
