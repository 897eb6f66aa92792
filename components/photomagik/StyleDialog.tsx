'use client';

import { useId } from 'react';
import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { FormSelect } from '@/components/ui/FormSelect';
import { FieldFrame, TextField, selectClass, wiring } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import { PHOTOMAGIK_LIMITS as L, PLACEHOLDER } from '@/lib/photomagik/limits';
import type { CategoryView, StyleView } from '@/lib/photomagik/schemas';
import { alerts } from '@/lib/shell/alerts';
import { usePhotomagikWrite } from './use-photomagik-write';

/** Creates a style (`style` null) or edits one; a changed template gets a new preview drawn. */
export function StyleDialog({ style, categories, onClose }: { style: StyleView | null; categories: CategoryView[]; onClose: () => void }) {
  const t = useText('photomagik');
  const id = useId();
  const write = usePhotomagikWrite();
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/photomagik/schemas').then((m) => m.styleSchema), {
    defaultValues: {
      name: style?.name ?? '',
      promptTemplate: style?.promptTemplate ?? '{prompt}',
      negativePrompt: style?.negativePrompt ?? '',
      categoryId: style?.categoryId ?? null,
      enabled: style?.enabled ?? true,
    },
    onSubmit: async (values) => {
      const saved = await write.mutateAsync(
        style ? { path: `photomagik/styles/${style.id}`, method: 'PUT', json: values } : { path: 'photomagik/styles', method: 'POST', json: values },
      );
      if (saved.message) alerts.push({ type: 'success', title: saved.message });
      onClose();
    },
  });
  const area = (name: 'promptTemplate' | 'negativePrompt', max: number, hint?: string) => (
    <FieldFrame id={`${id}-${name}`} label={t(`ui.${name}`)} hint={hint} error={errorOf(name)}>
      <textarea
        className={`${selectClass} min-h-20`}
        maxLength={max}
        data-testid={`photomagik-style-${name}`}
        {...wiring(`${id}-${name}`, { hint, error: errorOf(name), required: name === 'promptTemplate' })}
        {...form.register(name)}
      />
    </FieldFrame>
  );
  return (
    <Dialog title={style ? t('ui.editNamed', { name: style.name }) : t('ui.newStyle')} onClose={onClose} busy={busy} testId="photomagik-style-dialog">
      <form onSubmit={submit} noValidate>
        <div className="flex flex-col gap-4 px-5 py-4">
          <TextField
            label={t('ui.name')}
            required
            maxLength={L.nameMax}
            registration={form.register('name')}
            error={errorOf('name')}
            data-testid="photomagik-style-name"
          />
          {area('promptTemplate', L.templateMax, t('ui.templateHint', { placeholder: PLACEHOLDER }))}
          {area('negativePrompt', L.negativeMax)}
          <FormSelect
            control={form.control}
            name="categoryId"
            label={t('ui.category')}
            error={errorOf('categoryId')}
            emptyAsNull
            options={[{ value: '', label: t('ui.noCategory') }, ...categories.map((c) => ({ value: c.id, label: c.name }))]}
            testId="photomagik-style-category"
          />
          <label className="flex items-center gap-2">
            <input type="checkbox" {...form.register('enabled')} data-testid="photomagik-style-enabled" />
            {t('ui.enabled')}
          </label>
        </div>
        <DialogActions onCancel={onClose} cancelLabel={t('ui.cancel')} busy={busy} bar>
          <DialogSubmit busy={busy} label={t('ui.save')} busyLabel={t('ui.saving')} testId="photomagik-style-save" />
        </DialogActions>
      </form>
    </Dialog>
  );
}
