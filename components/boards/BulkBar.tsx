'use client';

import { useAtom } from 'jotai';
import { useId } from 'react';
import { rowButton, secondaryButton } from '@/components/ui/buttons';
import { Select } from '@/components/ui/Select';
import { selectedCardsAtom } from '@/lib/boards/atoms';
import type { CardBulk } from '@/lib/boards/schemas';
import type { BoardView, CardView } from '@/lib/boards/types';
import { useText } from '@/lib/i18n/client';
import { useBulkCards } from './use-board-writes';

const NOBODY = 'nobody';
/** One bulk action without its cards (they are the selection). */
type Action = CardBulk extends infer T ? (T extends unknown ? Omit<T, 'cardIds'> : never) : never;

/**
 * The actions on the selected cards, while any is selected: move to a column, assign (or
 * unassign everyone), add or remove a label, archive. Each is one request for all of them;
 * only the selected cards still shown (open, passing the filters) are sent.
 */
export function BulkBar({ board, cards }: { board: BoardView; cards: CardView[] }) {
  const t = useText('boards');
  const id = useId();
  const [selected, setSelected] = useAtom(selectedCardsAtom);
  const bulk = useBulkCards(board.id);
  const cardIds = cards.filter((c) => selected.has(c.id)).map((c) => c.id);
  if (!cardIds.length) return null;
  const run = (action: Action) =>
    bulk.mutate({ ...action, cardIds } as CardBulk, {
      // Archived cards leave the board, and so the selection; only they do. The socket's events
      // often arrive before this answer, and a card picked meanwhile stays picked.
      onSuccess: () => action.action === 'archive' && setSelected((now) => new Set([...now].filter((id) => !cardIds.includes(id)))),
    });
  const columns = board.columns.filter((c) => !c.archived);
  const labels = board.labels.map((l) => ({ value: l.id, label: l.name }));
  // Each action's picker: named by its prompt, reset after every choice.
  const pick = (prompt: string, width: string, testId: string, options: { value: string; label: string }[], onPick: (value: string) => void) => (
    <Select
      compact
      className={`w-full ${width}`}
      aria-label={t(prompt)}
      placeholder={t(prompt)}
      value=""
      disabled={bulk.isPending}
      onChange={onPick}
      options={options}
      testId={testId}
    />
  );
  return (
    <section
      aria-labelledby={`${id}-h`}
      aria-busy={bulk.isPending || undefined}
      className="sticky bottom-2 z-10 flex flex-wrap items-center gap-2 rounded-card border border-accent bg-surface p-3 shadow-overlay"
      data-testid="bulk-bar"
    >
      <h2 id={`${id}-h`} className="sr-only">
        {t('select.bar')}
      </h2>
      <p className="text-sm font-semibold" role="status" data-testid="bulk-count">
        {t('select.count', { count: cardIds.length })}
      </p>
      {pick(
        'select.moveTo',
        'sm:w-44',
        'bulk-move',
        columns.map((c) => ({ value: c.id, label: c.name })),
        (columnId) => run({ action: 'move', columnId }),
      )}
      {pick(
        'select.assign',
        'sm:w-44',
        'bulk-assign',
        [...board.members.map((m) => ({ value: m.id, label: m.name })), { value: NOBODY, label: t('select.nobody') }],
        (v) => run({ action: 'assign', userId: v === NOBODY ? null : v }),
      )}
      {labels.length > 0 && (
        <>
          {pick('select.addLabel', 'sm:w-40', 'bulk-label-add', labels, (labelId) => run({ action: 'addLabel', labelId }))}
          {pick('select.removeLabel', 'sm:w-40', 'bulk-label-remove', labels, (labelId) => run({ action: 'removeLabel', labelId }))}
        </>
      )}
      <button type="button" className={rowButton} disabled={bulk.isPending} onClick={() => run({ action: 'archive' })} data-testid="bulk-archive">
        {t('select.archive')}
      </button>
      <span className="grow" />
      <button type="button" className={secondaryButton} onClick={() => setSelected(new Set<string>())} data-testid="bulk-clear">
        {t('select.clear')}
      </button>
      <p className="w-full text-xs text-muted">{t('select.hint')}</p>
    </section>
  );
}
