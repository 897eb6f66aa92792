'use client';

import { useQuery } from '@tanstack/react-query';
import { rowButton } from '@/components/ui/buttons';
import { boardQuery } from '@/lib/boards/queries';
import type { BoardView } from '@/lib/boards/types';
import { useText } from '@/lib/i18n/client';
import type { BoardMay } from './BoardScreen';
import { useBoardWrite, useCardWrite } from './use-board-writes';

/** Archived cards (restore puts one back at the end of its column) and archived columns. */
export function ArchivedCards({ board, may, onOpen }: { board: BoardView; may: BoardMay; onOpen: (id: string) => void }) {
  const t = useText('boards');
  const { data } = useQuery(boardQuery(board.id, true));
  const write = useCardWrite(board.id);
  const columnWrite = useBoardWrite(board.id);
  const columns = new Map(board.columns.map((c) => [c.id, c.name]));
  const archivedColumns = board.columns.filter((c) => c.archived);
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="archived-cards">
        <h2 id="archived-cards" className="mb-2 font-semibold">
          {t('archivedCards')}
        </h2>
        {!data ? (
          <p className="text-muted">{t('loading')}</p>
        ) : data.cards.length === 0 ? (
          <p className="text-muted">{t('noArchived')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-card border border-line" data-testid="archived-list">
            {data.cards.map((card) => (
              <li key={card.id} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
                <button type="button" className="grow text-left font-medium break-words hover:underline" onClick={() => onOpen(card.id)}>
                  {card.title}
                </button>
                <span className="text-muted">{columns.get(card.columnId)}</span>
                {may.update && (
                  <button
                    type="button"
                    className={rowButton}
                    onClick={() => write.mutate({ path: `cards/${card.id}`, json: { archived: false } })}
                    aria-label={t('restoreLabel', { name: card.title })}
                    data-testid="card-restore"
                  >
                    {t('restore')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {archivedColumns.length > 0 && (
        <section aria-labelledby="archived-columns">
          <h2 id="archived-columns" className="mb-2 font-semibold">
            {t('archivedColumns')}
          </h2>
          <ul className="flex flex-col divide-y divide-line rounded-card border border-line">
            {archivedColumns.map((c) => (
              <li key={c.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                <span className="grow break-words">{c.name}</span>
                {may.update && (
                  <button
                    type="button"
                    className={rowButton}
                    onClick={() => columnWrite.mutate({ path: `/columns/${c.id}`, method: 'PATCH', json: { archived: false } })}
                  >
                    {t('restore')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
