'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { TextAreaField } from '@/components/requestProject/TextAreaField';
import { Dialog, DialogActions } from '@/components/ui/Dialog';
import { primaryButton } from '@/components/ui/buttons';
import { FileInput } from '@/components/ui/FileInput';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useLocale, useText } from '@/lib/i18n/client';
import { REQUEST_PRIORITIES, REQUEST_TYPES, SUBJECT_MAX } from '@/lib/requests/limits';
import { requestsKeys } from '@/lib/requests/queries';
import type { RequestSummary } from '@/lib/requests/types';
import { pathFor } from '@/lib/routes/match';
import { alerts } from '@/lib/shell/alerts';
import { postForm } from './api';
import { SelectField } from './SelectField';

/** Staff open a request for one of the project's users, named by their email. */
export function NewRequestDialog({ onClose }: { onClose: () => void }) {
  const t = useText('requests');
  const locale = useLocale();
  const client = useQueryClient();
  const router = useRouter();
  const [files, setFiles] = useState<File[]>([]);
  const { form, submit, bind, errorOf, busy } = useApiForm(() => import('@/lib/requests/schemas').then((m) => m.staffCreateSchema), {
    defaultValues: { requesterEmail: '', subject: '', type: 'question', priority: 'normal', tags: [], body: '' },
    onSubmit: async (values) => {
      const res = await postForm<{ message: string; data: { request: RequestSummary } }>('requests', values, files);
      alerts.push({ type: 'success', text: res.message });
      await client.invalidateQueries({ queryKey: requestsKeys.lists() });
      onClose();
      router.push(pathFor('request', locale, { id: res.data.request.id }));
    },
  });
  return (
    <Dialog title={t('newForUser')} onClose={onClose} busy={busy} testId="new-request-dialog">
      <form onSubmit={submit} className="space-y-4 p-5" noValidate>
        <TextField label={t('requesterEmail')} type="email" autoComplete="off" required {...bind('requesterEmail')} />
        <TextField label={t('subject')} maxLength={SUBJECT_MAX} required {...bind('subject')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            control={form.control}
            name="type"
            label={t('typeLabel')}
            options={REQUEST_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))}
            error={errorOf('type')}
          />
          <SelectField
            control={form.control}
            name="priority"
            label={t('priorityLabel')}
            options={REQUEST_PRIORITIES.map((v) => ({ value: v, label: t(`priority.${v}`) }))}
            error={errorOf('priority')}
          />
        </div>
        <TextAreaField label={t('body')} required {...bind('body')} />
        <div className="text-sm">
          <label htmlFor="new-request-files" className="mb-1 block font-medium">
            {t('files')}
          </label>
          <FileInput id="new-request-files" multiple chosen={files.map((f) => f.name)} onChange={(e) => setFiles([...(e.target.files ?? [])].slice(0, 5))} />
        </div>
        <DialogActions onCancel={onClose} cancelLabel={t('cancel')} busy={busy}>
          <button type="submit" className={primaryButton} disabled={busy}>
            {t('create')}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
