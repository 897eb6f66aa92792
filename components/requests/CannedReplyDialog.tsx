'use client';

import { useId } from 'react';
import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { FieldFrame, TextField, selectClass, wiring } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { BODY_MAX, CANNED_TITLE_MAX } from '@/lib/requests/limits';
import { PLACEHOLDERS } from '@/lib/requests/placeholders';
import type { CannedReply } from '@/lib/requests/types';
import { alerts } from '@/lib/shell/alerts';

/** Creates a canned reply (`reply` null) or edits one; `onSaved` refreshes the list. */
export function CannedReplyDialog({ reply, onClose, onSaved }: { reply: CannedReply | null; onClose: () => void; onSaved: () => Promise<unknown> }) {
  const t = useText('requests');
  const id = useId();
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/requests/schemas').then((m) => m.cannedReplySchema), {
    defaultValues: { title: reply?.title ?? '', body: reply?.body ?? '' },
    onSubmit: async (values) => {
      const res = reply
        ? await api<{ message: string }>(`requests/canned/${reply.id}`, { method: 'PATCH', json: values })
        : await api<{ message: string }>('requests/canned', { json: values });
      alerts.push({ type: 'success', text: res.message });
      await onSaved();
      onClose();
    },
  });
  const hint = t('cannedBodyHint', { list: PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ') });
  const bodyError = errorOf('body');
  return (
    <Dialog title={reply ? t('cannedEdit', { title: reply.title }) : t('cannedNew')} onClose={onClose} busy={busy} wide testId="canned-dialog">
      <form onSubmit={submit} noValidate>
        <div className="flex flex-col gap-4 px-5 py-4">
          <TextField
            label={t('cannedTitleLabel')}
            required
            maxLength={CANNED_TITLE_MAX}
            registration={form.register('title')}
            error={errorOf('title')}
            data-testid="canned-title"
          />
          <FieldFrame id={`${id}-body`} label={t('cannedBodyLabel')} hint={hint} error={bodyError}>
            <textarea
              className={`${selectClass} min-h-32`}
              maxLength={BODY_MAX}
              data-testid="canned-body"
              {...wiring(`${id}-body`, { hint, error: bodyError, required: true })}
              {...form.register('body')}
            />
          </FieldFrame>
        </div>
        <DialogActions onCancel={onClose} cancelLabel={t('cancel')} busy={busy} bar>
          <DialogSubmit busy={busy} label={t('save')} busyLabel={t('saving')} testId="canned-save" />
        </DialogActions>
      </form>
    </Dialog>
  );
}
