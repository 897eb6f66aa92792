'use client';

import { useState } from 'react';
import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { upload } from '@/components/requestProject/upload';
import { useImagePreview } from '@/components/ui/use-image-preview';
import { COVER_ALT_MAX } from '@/lib/blog/limits';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { ApiError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';

// The file was checked when it was picked: the preview only shows it.
const keep = () => undefined;
const accept = () => null;

/**
 * Asks for an image's description, then uploads it with its progress shown; `onDone` gets
 * the stored image's URL and the description. Nothing goes into the body without both.
 */
export function ImageAltDialog({ file, onDone, onClose }: { file: File; onDone: (url: string, alt: string) => void; onClose: () => void }) {
  const t = useText('blog');
  // undefined: not sending; null: sending, the browser cannot tell how far.
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const [problem, setProblem] = useState('');
  const thumb = useImagePreview(file, keep, accept).preview;

  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/blog/schemas').then((m) => m.imageAltSchema), {
    defaultValues: { alt: '' },
    onSubmit: async ({ alt }) => {
      setProblem('');
      setProgress(0);
      const data = new FormData();
      data.set('image', file);
      const { url } = await upload<{ url: string }>('blog/images', data, setProgress);
      onDone(url, alt);
    },
    onFailure: (error) => {
      setProgress(undefined);
      setProblem(error instanceof ApiError ? (error.fields.image ?? error.message) : t('editor.imageFailed'));
    },
  });

  return (
    <Dialog title={t('editor.imageTitle')} lead={t('editor.imageLead')} onClose={onClose} busy={busy} testId="blog-image-dialog">
      {/* The dialog is portalled but React events still bubble to the post's form: keep this submit here. */}
      <form
        onSubmit={(e) => {
          e.stopPropagation();
          void submit(e);
        }}
        noValidate
      >
        <div className="flex flex-col gap-4 px-5 py-4">
          {thumb && <img src={thumb} alt="" className="max-h-40 w-auto self-start rounded border border-line object-contain" />}
          <TextField
            label={t('editor.imageAlt')}
            required
            maxLength={COVER_ALT_MAX}
            hint={t('editor.imageAltHint')}
            registration={form.register('alt')}
            error={errorOf('alt')}
            data-testid="blog-image-alt"
          />
          {progress !== undefined && (
            <div className="space-y-1" data-testid="blog-image-progress">
              <progress className="w-full" max={1} value={progress ?? undefined} aria-label={t('editor.uploading')} />
              <p className="text-sm text-muted" aria-live="polite">
                {progress === null ? t('editor.uploading') : t('editor.uploadProgress', { percent: Math.round(progress * 100) })}
              </p>
            </div>
          )}
          {problem && (
            <p className="text-sm text-red-700 dark:text-red-400" role="alert" data-testid="blog-image-error">
              {problem}
            </p>
          )}
        </div>
        <DialogActions onCancel={onClose} cancelLabel={t('editor.cancel')} busy={busy} bar>
          <DialogSubmit busy={busy} label={t('editor.imageInsert')} busyLabel={t('editor.uploading')} testId="blog-image-insert" />
        </DialogActions>
      </form>
    </Dialog>
  );
}
