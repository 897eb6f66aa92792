'use client';

import { useId } from 'react';
import { rowButton } from '@/components/ui/buttons';
import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { LABEL_NAME_MAX } from '@/lib/boards/limits';
import type { BoardView } from '@/lib/boards/types';
import { FieldError, TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import { useBoardWrite } from './use-board-writes';

/** The board's labels: add one (name and colour), recolour or remove one. */
export function LabelsDialog({ board, onClose }: { board: BoardView; onClose: () => void }) {
  const t = useText('boards');
  const id = useId();
  const write = useBoardWrite(board.id);
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/boards/schemas').then((m) => m.labelSchema), {
    defaultValues: { name: '', color: '#4f46e5' },
    onSubmit: async (values) => {
      await write.mutateAsync({ path: '/labels', json: values });
      form.reset({ name: '', color: values.color });
    },
  });
  return (
    <Dialog title={t('labels')} onClose={onClose} busy={busy} testId="labels-dialog">
      <div className="flex flex-col gap-4 px-5 py-4">
        <ul className="flex flex-col gap-2" aria-label={t('labels')}>
          {board.labels.length === 0 && <li className="text-sm text-muted">{t('noLabels')}</li>}
          {board.labels.map((l) => (
            <li key={l.id} className="flex items-center gap-2">
              <input
                type="color"
                value={l.color.length === 4 ? `#${[...l.color.slice(1)].map((c) => c + c).join('')}` : l.color}
                aria-label={t('labelColorOf', { name: l.name })}
                onChange={(e) => write.mutate({ path: `/labels/${l.id}`, method: 'PATCH', json: { color: e.target.value } })}
                className="h-8 w-10 rounded border border-line bg-surface"
              />
              <span className="grow text-sm break-words">{l.name}</span>
              <button
                type="button"
                className={rowButton}
                aria-label={t('removeLabel', { name: l.name })}
                onClick={() => write.mutate({ path: `/labels/${l.id}`, method: 'DELETE' })}
              >
                {t('remove')}
              </button>
            </li>
          ))}
        </ul>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 border-t border-line pt-4">
          <TextField
            label={t('labelName')}
            required
            maxLength={LABEL_NAME_MAX}
            autoComplete="off"
            registration={form.register('name')}
            error={errorOf('name')}
          />
          <div>
            <label htmlFor={`${id}-color`} className="mb-1 block text-sm font-medium">
              {t('labelColor')}
            </label>
            <input id={`${id}-color`} type="color" className="h-9 w-14 rounded border border-line bg-surface" {...form.register('color')} />
            <FieldError id={`${id}-color-error`} message={errorOf('color')} />
          </div>
          <DialogActions onCancel={onClose} cancelLabel={t('close')} busy={busy}>
            <DialogSubmit busy={busy} label={t('addLabel')} busyLabel={t('saving')} testId="label-add" />
          </DialogActions>
        </form>
      </div>
    </Dialog>
  );
}
