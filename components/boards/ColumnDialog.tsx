'use client';

import { useId } from 'react';
import { secondaryButton } from '@/components/ui/buttons';
import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { COLUMN_NAME_MAX, WIP_LIMIT_MAX } from '@/lib/boards/limits';
import type { BoardView, ColumnView } from '@/lib/boards/types';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import { Select } from '@/components/ui/Select';
import { useBoardWrite } from './use-board-writes';

/**
 * Adds a column (`column` null) or edits one: name, WIP limit (empty: none) and whether it
 * is hard; an existing column can also be moved after another, archived or restored.
 */
export function ColumnDialog({ board, column, onClose }: { board: BoardView; column: ColumnView | null; onClose: () => void }) {
  const t = useText('boards');
  const ids = useId();
  const write = useBoardWrite(board.id);
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/boards/schemas').then((m) => (column ? m.columnPatchSchema : m.columnSchema)), {
    defaultValues: { name: column?.name ?? '', wipLimit: column?.wipLimit ?? null, wipHard: column?.wipHard ?? false },
    onSubmit: async (values) => {
      await write.mutateAsync(column ? { path: `/columns/${column.id}`, method: 'PATCH', json: values } : { path: '/columns', json: values });
      onClose();
    },
  });
  const others = board.columns.filter((c) => !c.archived && c.id !== column?.id);
  const position = column ? (board.columns.filter((c) => !c.archived).findIndex((c) => c.id === column.id) ?? 0) : 0;
  const currentAfter = column && position > 0 ? board.columns.filter((c) => !c.archived)[position - 1].id : 'first';
  const act = async (json: unknown) => {
    await write.mutateAsync({ path: `/columns/${column!.id}`, method: 'PATCH', json });
    onClose();
  };
  return (
    <Dialog
      title={column ? t('editColumnTitle', { name: column.name }) : t('newColumn')}
      onClose={onClose}
      busy={busy || write.isPending}
      testId="column-dialog"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 px-5 py-4">
        <TextField
          label={t('columnName')}
          required
          maxLength={COLUMN_NAME_MAX}
          autoComplete="off"
          registration={form.register('name')}
          error={errorOf('name')}
        />
        <TextField
          label={t('wipLimit')}
          type="number"
          inputMode="numeric"
          min={1}
          max={WIP_LIMIT_MAX}
          hint={t('wipLimitHint')}
          registration={form.register('wipLimit', { setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)) })}
          error={errorOf('wipLimit')}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-accent" {...form.register('wipHard')} data-testid="column-wip-hard" />
          {t('wipHard')}
        </label>
        {column && (
          <div className="flex flex-col gap-2 border-t border-line pt-4">
            <label htmlFor={`${ids}-after`} className="text-sm font-medium">
              {t('columnPosition')}
            </label>
            <Select
              id={`${ids}-after`}
              value={currentAfter}
              onChange={(v) => void act({ afterId: v === 'first' ? null : v })}
              options={[{ value: 'first', label: t('positionFirst') }, ...others.map((c) => ({ value: c.id, label: t('positionAfter', { name: c.name }) }))]}
            />
            <button
              type="button"
              className={`${secondaryButton} self-start`}
              onClick={() => void act({ archived: !column.archived })}
              data-testid="column-archive"
            >
              {column.archived ? t('restoreColumn') : t('archiveColumn')}
            </button>
          </div>
        )}
        <DialogActions onCancel={onClose} cancelLabel={t('cancel')} busy={busy}>
          <DialogSubmit busy={busy} label={column ? t('save') : t('add')} busyLabel={t('saving')} testId="column-save" />
        </DialogActions>
      </form>
    </Dialog>
  );
}
