'use client';

import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { Link } from '@/components/ui/Link';
import { useState } from 'react';
import { SquareKanban } from 'lucide-react';
import { primaryButton } from '@/components/ui/buttons';
import { EmptyState } from '@/components/ui/EmptyState';
import { boardsQuery } from '@/lib/boards/queries';
import type { BoardSummary } from '@/lib/boards/types';
import { useText } from '@/lib/i18n/client';

// Fetched when first opened: most visits only pick a board.
const NewBoardDialog = dynamic(() => import('./NewBoardDialog').then((m) => m.NewBoardDialog), { ssr: false });

/** The project's boards as links, and "New board" for those who may create one. */
export function BoardsList({ boards: initial, may }: { boards: BoardSummary[]; may: { create: boolean } }) {
  const t = useText('boards');
  const { data: boards } = useQuery({ ...boardsQuery(), initialData: initial });
  const [creating, setCreating] = useState(false);
  return (
    <div className="space-y-4">
      {may.create && (
        <button type="button" className={primaryButton} onClick={() => setCreating(true)} data-testid="board-new">
          {t('new')}
        </button>
      )}
      {boards.length === 0 ? (
        <EmptyState icon={SquareKanban} text={t('empty')} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('listLabel')} data-testid="boards">
          {boards.map((b) => (
            <li key={b.id}>
              <Link
                href={`/dashboard/boards/${b.id}`}
                className="block rounded-card border border-line bg-surface-2 p-4 hover:border-accent focus-visible:border-accent"
                data-testid="board-link"
              >
                <span className="block font-semibold">{b.name}</span>
                <span className="mt-1 block text-sm text-muted">{t('counts', { columns: b.columns, cards: b.cards })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {creating && <NewBoardDialog onClose={() => setCreating(false)} />}
    </div>
  );
}
