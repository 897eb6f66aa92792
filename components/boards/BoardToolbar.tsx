'use client';

import { useAtom } from 'jotai';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { rowButton, secondaryButton } from '@/components/ui/buttons';
import { SearchInput } from '@/components/ui/SearchInput';
import { Select } from '@/components/ui/Select';
import { boardFiltersAtom, boardModeAtom, type BoardMode } from '@/lib/boards/atoms';
import { isFiltering, NO_FILTERS, type DueFilter } from '@/lib/boards/filters';
import { LANE_BYS, type LaneBy } from '@/lib/boards/lanes';
import type { BoardView } from '@/lib/boards/types';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';
import type { BoardMay } from './BoardScreen';

const ColumnDialog = dynamic(() => import('./ColumnDialog').then((m) => m.ColumnDialog), { ssr: false });
const RenameBoardDialog = dynamic(() => import('./RenameBoardDialog').then((m) => m.RenameBoardDialog), { ssr: false });
const LabelsDialog = dynamic(() => import('./LabelsDialog').then((m) => m.LabelsDialog), { ssr: false });
const ConfirmDialog = dynamic(() => import('@/components/ui/ConfirmDialog').then((m) => m.ConfirmDialog), { ssr: false });

const MODES: BoardMode[] = ['board', 'list', 'archived'];
const ANY = 'any';

/** The view switch, the swimlanes, the filters (assignee, label, due, text) and the board's own actions. */
type Props = { board: BoardView; may: BoardMay; laneBy: LaneBy; onLaneBy: (by: LaneBy) => void };

export function BoardToolbar({ board, may, laneBy, onLaneBy }: Props) {
  const t = useText('boards');
  const te = useText('errors');
  const router = useRouter();
  const [mode, setMode] = useAtom(boardModeAtom);
  const [filters, setFilters] = useAtom(boardFiltersAtom);
  const [dialog, setDialog] = useState<'column' | 'labels' | 'rename' | 'delete' | null>(null);
  const set = (patch: Partial<typeof filters>) => setFilters({ ...filters, ...patch });
  const orAny = (v: string) => (v === ANY ? '' : v);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label={t('viewLabel')} className="inline-flex rounded-control border border-line">
          {MODES.map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
              className="px-3 py-1.5 text-sm first:rounded-l-md last:rounded-r-md aria-pressed:bg-primary aria-pressed:text-white"
              data-testid={`view-${m}`}
            >
              {t(`views.${m}`)}
            </button>
          ))}
        </div>
        {mode === 'board' && (
          <Select
            compact
            className="w-full sm:w-44"
            aria-label={t('lanes.label')}
            value={laneBy}
            onChange={(v) => onLaneBy(v as LaneBy)}
            options={LANE_BYS.map((by) => ({ value: by, label: t(`lanes.by.${by}`) }))}
            testId="lanes-by"
          />
        )}
        <span className="grow" />
        {may.update && (
          <>
            <button type="button" className={rowButton} onClick={() => setDialog('column')} data-testid="column-new">
              {t('newColumn')}
            </button>
            <button type="button" className={rowButton} onClick={() => setDialog('labels')} data-testid="labels-open">
              {t('labels')}
            </button>
            <button type="button" className={rowButton} onClick={() => setDialog('rename')} data-testid="board-rename">
              {t('renameBoard')}
            </button>
          </>
        )}
        {may.delete && (
          <button type="button" className={rowButton} onClick={() => setDialog('delete')} data-testid="board-delete">
            {t('deleteBoard')}
          </button>
        )}
      </div>
      {mode !== 'archived' && (
        <div className="flex flex-wrap items-center gap-2" role="search" aria-label={t('filtersLabel')}>
          <SearchInput label={t('filterText')} value={filters.text} onChange={(text) => set({ text })} className="h-9 w-full sm:w-56" testId="filter-text" />
          <Select
            compact
            className="w-full sm:w-44"
            aria-label={t('filterAssignee')}
            value={filters.assignee || ANY}
            onChange={(v) => set({ assignee: orAny(v) })}
            options={[
              { value: ANY, label: t('anyAssignee') },
              { value: 'none', label: t('noAssignee') },
              ...board.members.map((m) => ({ value: m.id, label: m.name })),
            ]}
            testId="filter-assignee"
          />
          <Select
            compact
            className="w-full sm:w-40"
            aria-label={t('filterLabel')}
            value={filters.label || ANY}
            onChange={(v) => set({ label: orAny(v) })}
            options={[{ value: ANY, label: t('anyLabel') }, ...board.labels.map((l) => ({ value: l.id, label: l.name }))]}
            testId="filter-label"
          />
          <Select
            compact
            className="w-full sm:w-40"
            aria-label={t('filterDue')}
            value={filters.due}
            onChange={(v) => set({ due: v as DueFilter })}
            options={(['any', 'overdue', 'week', 'none'] as const).map((d) => ({ value: d, label: t(`due.${d}`) }))}
            testId="filter-due"
          />
          {isFiltering(filters) && (
            <button type="button" className={secondaryButton} onClick={() => setFilters(NO_FILTERS)} data-testid="filter-clear">
              {t('clearFilters')}
            </button>
          )}
        </div>
      )}
      {dialog === 'column' && <ColumnDialog board={board} column={null} onClose={() => setDialog(null)} />}
      {dialog === 'labels' && <LabelsDialog board={board} onClose={() => setDialog(null)} />}
      {dialog === 'rename' && <RenameBoardDialog board={board} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={t('deleteBoard')}
          text={t('deleteConfirm', { name: board.name })}
          confirmLabel={t('delete')}
          cancelLabel={t('cancel')}
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            try {
              const res = await api<{ message: string }>(`boards/${board.id}`, { method: 'DELETE' });
              alerts.push({ type: 'success', title: res.message });
              router.replace('/dashboard/boards');
              return true;
            } catch (error) {
              showError(error, te);
              return false;
            }
          }}
        />
      )}
    </div>
  );
}
