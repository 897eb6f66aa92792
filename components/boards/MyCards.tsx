'use client';

import { ListChecks } from 'lucide-react';
import { Link } from '@/components/ui/Link';
import { EmptyState } from '@/components/ui/EmptyState';
import { MY_CARDS_DUE, MY_CARDS_MAX, type MyCardsDue } from '@/lib/boards/limits';
import type { MyCard } from '@/lib/boards/mine';
import { useLocale, useText } from '@/lib/i18n/client';
import { formatDay } from './card-meta';
import { chipClass, tabClass } from '@/components/ui/buttons';

const BASE = '/dashboard/boards';

/** "Boards" or "My cards": links, so the choice lives in the URL the home's figures point at. */
export function BoardsPageViews({ mine }: { mine: boolean }) {
  const t = useText('boards');
  return (
    <nav aria-label={t('pageViews.label')} className="mb-4 flex flex-wrap gap-1 border-b border-line">
      <Link href={BASE} className={tabClass(!mine)} aria-current={mine ? undefined : 'page'}>
        {t('pageViews.boards')}
      </Link>
      <Link href={`${BASE}?view=mine`} className={tabClass(mine)} aria-current={mine ? 'page' : undefined} data-testid="my-cards-tab">
        {t('pageViews.mine')}
      </Link>
    </nav>
  );
}

/** The viewer's live cards across the project's boards, each opening its card on its board. */
export function MyCards({ cards, due, today }: { cards: MyCard[]; due: MyCardsDue | ''; today: string }) {
  const t = useText('boards');
  const locale = useLocale();
  const dues = ['', ...MY_CARDS_DUE] as const;
  return (
    <div className="space-y-4">
      <nav aria-label={t('filterDue')} className="flex flex-wrap gap-2">
        {dues.map((d) => (
          <Link
            key={d || 'any'}
            href={d ? `${BASE}?view=mine&due=${d}` : `${BASE}?view=mine`}
            className={chipClass(due === d)}
            aria-current={due === d ? 'page' : undefined}
          >
            {t(`due.${d || 'any'}`)}
          </Link>
        ))}
      </nav>
      {cards.length === 0 ? (
        <EmptyState icon={ListChecks} text={t(`mine.empty.${due || 'any'}`)} testId="my-cards-empty" />
      ) : (
        <ul className="divide-y divide-line rounded-card border border-line" aria-label={t('mine.listLabel')} data-testid="my-cards">
          {cards.map((c) => (
            <li key={c.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 p-3">
              <Link
                href={`${BASE}/${c.boardId}?card=${c.id}`}
                className="min-w-0 flex-1 basis-48 font-medium break-words text-accent hover:underline"
                data-testid="my-card"
              >
                {c.title}
              </Link>
              <span className="text-sm text-muted">{t('mine.where', { board: c.boardName, column: c.columnName })}</span>
              {c.dueOn && (
                <span className={`text-xs ${c.dueOn < today ? 'font-semibold text-red-700 dark:text-red-400' : 'text-muted'}`}>
                  {c.dueOn < today ? t('overdueOn', { date: formatDay(c.dueOn, locale) }) : t('dueOn', { date: formatDay(c.dueOn, locale) })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {cards.length >= MY_CARDS_MAX && <p className="text-sm text-muted">{t('mine.capped', { max: MY_CARDS_MAX })}</p>}
    </div>
  );
}
