'use client';

import { useQuery } from '@tanstack/react-query';
import { secondaryButton } from '@/components/ui/buttons';
import { Dialog } from '@/components/ui/Dialog';
import { cardQuery } from '@/lib/boards/queries';
import type { BoardView } from '@/lib/boards/types';
import { useText } from '@/lib/i18n/client';
import type { BoardMay, BoardViewer } from './BoardScreen';
import { CardActivity } from './CardActivity';
import { CardChecklist } from './CardChecklist';
import { CardComments } from './CardComments';
import { CardFields } from './CardFields';
import { CardFiles } from './CardFiles';
import { CardText } from './CardText';
import { useCardWrite } from './use-board-writes';

type Props = { board: BoardView; cardId: string; viewer: BoardViewer; may: BoardMay; today: string; onClose: () => void };

/**
 * One card opened: title and Markdown description, assignees, labels, due day, checklist,
 * files, comments and its history. Every change is saved as it is made (the text fields on
 * Save) and reaches the other viewers through the board's events.
 */
export function CardDialog({ board, cardId, viewer, may, today, onClose }: Props) {
  const t = useText('boards');
  const { data: card, isError } = useQuery(cardQuery(board.id, cardId));
  const write = useCardWrite(board.id);
  const patch = (json: Record<string, unknown>) => write.mutate({ path: `cards/${cardId}`, json });
  const title = card?.title ?? board.cards.find((c) => c.id === cardId)?.title ?? t('card');
  return (
    <Dialog title={title} onClose={onClose} wide testId="card-dialog">
      <div className="flex flex-col gap-6 px-5 py-4">
        {isError && <p className="text-red-700 dark:text-red-400">{t('cardLoadFailed')}</p>}
        {!card && !isError && <p className="text-muted">{t('loading')}</p>}
        {card && (
          <>
            {card.archived && <p className="rounded-control border border-line bg-surface-2 px-3 py-2 text-sm">{t('cardArchived')}</p>}
            <CardText key={`${card.id}:${card.updatedAt}`} boardId={board.id} card={card} may={may} />
            <CardFields board={board} card={card} may={may} today={today} patch={patch} />
            <CardChecklist card={card} may={may} patch={patch} />
            <CardFiles boardId={board.id} card={card} may={may} patch={patch} />
            <CardComments boardId={board.id} card={card} may={may} timeZone={viewer.timeZone} />
            <CardActivity board={board} card={card} timeZone={viewer.timeZone} />
            {may.update && (
              <button type="button" className={`${secondaryButton} self-start`} onClick={() => patch({ archived: !card.archived })} data-testid="card-archive">
                {card.archived ? t('restore') : t('archive')}
              </button>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}
