'use client';

import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import { PHOTOMAGIK_LIMITS as L } from '@/lib/photomagik/limits';
import type { CategoryView } from '@/lib/photomagik/schemas';
import { alerts } from '@/lib/shell/alerts';
import { usePhotomagikWrite } from './use-photomagik-write';

/** Creates a category (`category` null) or renames one. */
export function CategoryDialog({ category, onClose }: { category: CategoryView | null; onClose: () => void }) {
  const t = useText('photomagik');
  const write = usePhotomagikWrite();
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/photomagik/schemas').then((m) => m.categorySchema), {
    defaultValues: { name: category?.name ?? '' },
    onSubmit: async (values) => {
      const saved = await write.mutateAsync(
        category
          ? { path: `photomagik/categories/${category.id}`, method: 'PUT', json: values }
          : { path: 'photomagik/categories', method: 'POST', json: values },
      );
      if (saved.message) alerts.push({ type: 'success', title: saved.message });
      onClose();
    },
  });
  return (
    <Dialog
      title={category ? t('ui.editNamed', { name: category.name }) : t('ui.newCategory')}
      onClose={onClose}
      busy={busy}
      testId="photomagik-category-dialog"
    >
      <form onSubmit={submit} noValidate>
        <div className="flex flex-col gap-4 px-5 py-4">
          <TextField
            label={t('ui.name')}
            required
            maxLength={L.nameMax}
            registration={form.register('name')}
            error={errorOf('name')}
            data-testid="photomagik-category-name"
          />
        </div>
        <DialogActions onCancel={onClose} cancelLabel={t('ui.cancel')} busy={busy} bar>
          <DialogSubmit busy={busy} label={t('ui.save')} busyLabel={t('ui.saving')} testId="photomagik-category-save" />
        </DialogActions>
      </form>
    </Dialog>
  );
}
