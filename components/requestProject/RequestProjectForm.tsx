'use client';

import { useId, useState, type ChangeEvent } from 'react';
import { SubmitButton, TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import { PROJECT_KEY_MAX, suggestKey } from '@/lib/projects/schemas';
import { FilePicker } from './FilePicker';
import { KeyStatus } from './KeyStatus';
import { RequestSent } from './RequestSent';
import { TextAreaField } from './TextAreaField';
import { upload } from './upload';
import { useKeyAvailability } from './use-key-availability';

type Sent = { data: { requested: { id: string; key: string; name: string; status: number } } };

/** Lower-cases what is typed without moving the caret. */
function lowerInPlace(input: HTMLInputElement): void {
  const lower = input.value.toLowerCase();
  if (lower === input.value) return;
  const { selectionStart, selectionEnd } = input;
  input.value = lower;
  input.setSelectionRange(selectionStart, selectionEnd);
}

/** Name, key (suggested from the name until edited, checked as typed), description and attachments. */
export function RequestProjectForm({ projectsHref }: { projectsHref: string }) {
  const t = useText('requestProject');
  const progressId = useId();
  const [files, setFiles] = useState<File[]>([]);
  // null: not uploading; a number: the share sent; 'unknown': sending, share unknown.
  const [progress, setProgress] = useState<number | 'unknown' | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  // The key follows the name until the user types one of their own (clearing it resumes that).
  const [keyEdited, setKeyEdited] = useState(false);

  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/projects/schemas').then((m) => m.requestProjectSchema), {
    defaultValues: { name: '', key: '', description: '' },
    onSubmit: async (values) => {
      const body = new FormData();
      body.append('json', JSON.stringify(values));
      files.forEach((file, i) => body.append(`file_${i}`, file));
      setProgress(0);
      try {
        const res = await upload<Sent>('requestProject', body, (share) => setProgress(share ?? 'unknown'));
        // The session now points at the new project. Nothing on this page reads the session
        // (public pages are cached for everyone), and the signed-in pages render per request:
        // no refresh is needed for the account's projects or the dashboard to show it.
        setSent(res.data.requested.name);
      } finally {
        setProgress(null);
      }
    },
  });
  const availability = useKeyAvailability(form.watch('key') ?? '');

  if (sent) return <RequestSent name={sent} projectsHref={projectsHref} />;

  const name = form.register('name', {
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      if (keyEdited) return;
      form.setValue('key', suggestKey(e.target.value), { shouldValidate: form.getFieldState('key').invalid });
    },
  });
  const keyRegistration = form.register('key');
  const key = {
    ...keyRegistration,
    onChange: (e: Parameters<typeof keyRegistration.onChange>[0]) => {
      const input = e.target as HTMLInputElement;
      lowerInPlace(input);
      setKeyEdited(input.value !== '');
      return keyRegistration.onChange(e);
    },
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" data-testid="request-project-form">
      <TextField label={t('name')} required maxLength={80} autoComplete="off" registration={name} error={errorOf('name')} hint={t('nameHint')} />
      <TextField
        label={t('key')}
        required
        maxLength={PROJECT_KEY_MAX}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        registration={key}
        error={errorOf('key')}
        hint={
          <>
            {t('keyHint')}
            <KeyStatus state={availability} />
          </>
        }
      />
      <TextAreaField
        label={t('description')}
        rows={5}
        maxLength={2000}
        registration={form.register('description')}
        error={errorOf('description')}
        hint={t('descriptionHint')}
      />
      <FilePicker files={files} onChange={setFiles} disabled={busy} />
      {progress !== null && files.length > 0 && (
        <div>
          <p id={progressId} className="mb-1 text-sm">
            {t('uploadProgress')}
            {typeof progress === 'number' && <span className="text-muted tabular-nums"> {Math.round(progress * 100)}%</span>}
          </p>
          <progress
            aria-labelledby={progressId}
            max={1}
            value={typeof progress === 'number' ? progress : undefined}
            className="h-2 w-full accent-accent"
            data-testid="upload-progress"
          />
        </div>
      )}
      <div className="sm:w-56">
        <SubmitButton busy={busy} busyLabel={t('sending')}>
          {t('submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
