'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { BOARD_NAME_MAX } from '@/lib/boards/limits';
import type { BoardTemplateId } from '@/lib/boards/templates';
import { boardsKeys } from '@/lib/boards/queries';
import type { BoardSummary } from '@/lib/boards/types';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';
import { TemplatePicker } from './TemplatePicker';

/** Names a new board and picks its starting columns and labels, then opens it. */
export function NewBoardDialog({ onClose }: { onClose: () => void }) {
  const t = useText('boards');
  const router = useRouter();
  const client = useQueryClient();
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/boards/schemas').then((m) => m.boardCreateSchema), {
    defaultValues: { name: '', template: 'blank' as BoardTemplateId },
    onSubmit: async (values) => {
      const res = await api<{ board: BoardSummary; message: string }>('boards', { json: values });
      alerts.push({ type: 'success', title: res.message });
      await client.invalidateQueries({ queryKey: boardsKeys.list() });
      router.push(`/dashboard/boards/${res.board.id}`);
      onClose();
    },
  });
  return (
    <Dialog title={t('createTitle')} onClose={onClose} busy={busy} testId="board-create">
      <form onSubmit={submit} noValidate className="px-5 py-4">
        <TextField label={t('name')} required maxLength={BOARD_NAME_MAX} autoComplete="off" registration={form.register('name')} error={errorOf('name')} />
        <TemplatePicker registration={form.register('template')} />
        <DialogActions onCancel={onClose} cancelLabel={t('cancel')} busy={busy}>
          <DialogSubmit busy={busy} label={t('create')} busyLabel={t('saving')} testId="board-create-submit" />
        </DialogActions>
      </form>
    </Dialog>
  );
}
