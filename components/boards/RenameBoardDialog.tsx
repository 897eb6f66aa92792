'use client';

import { useQueryClient } from '@tanstack/react-query';
import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { BOARD_NAME_MAX } from '@/lib/boards/limits';
import { boardsKeys } from '@/lib/boards/queries';
import type { BoardView } from '@/lib/boards/types';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';

/** Renames the board; the other viewers follow through the board's event. */
export function RenameBoardDialog({ board, onClose }: { board: BoardView; onClose: () => void }) {
  const t = useText('boards');
  const client = useQueryClient();
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/boards/schemas').then((m) => m.boardSchema), {
    defaultValues: { name: board.name },
    onSubmit: async (values) => {
      const res = await api<{ message: string }>(`boards/${board.id}`, { method: 'PATCH', json: values });
      alerts.push({ type: 'success', title: res.message });
      await Promise.all([client.invalidateQueries({ queryKey: boardsKeys.boardAll(board.id) }), client.invalidateQueries({ queryKey: boardsKeys.list() })]);
      onClose();
    },
  });
  return (
    <Dialog title={t('renameBoard')} onClose={onClose} busy={busy} testId="board-rename-dialog">
      <form onSubmit={submit} noValidate className="px-5 py-4">
        <TextField label={t('name')} required maxLength={BOARD_NAME_MAX} autoComplete="off" registration={form.register('name')} error={errorOf('name')} />
        <DialogActions onCancel={onClose} cancelLabel={t('cancel')} busy={busy}>
          <DialogSubmit busy={busy} label={t('save')} busyLabel={t('saving')} testId="board-rename-submit" />
        </DialogActions>
      </form>
    </Dialog>
  );
}
