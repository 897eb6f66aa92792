'use client';

import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { FormSelect } from '@/components/ui/FormSelect';
import { CATEGORY_NAME_MAX, POST_SLUG_MAX } from '@/lib/blog/limits';
import type { CategoryView } from '@/lib/blog/schemas';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';
import { useBlogWrite } from './use-blog-writes';

/** Creates a category (`category` null) or edits one; the parent can only be a top-level one. */
export function CategoryDialog({ category, categories, onClose }: { category: CategoryView | null; categories: CategoryView[]; onClose: () => void }) {
  const t = useText('blog');
  const write = useBlogWrite();
  const hasChildren = category ? categories.some((c) => c.parentId === category.id) : false;
  const parents = categories.filter((c) => !c.parentId && c.id !== category?.id);
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/blog/schemas').then((m) => m.categorySchema), {
    defaultValues: { name: category?.name ?? '', slug: category?.slug ?? '', parentId: category?.parentId ?? null },
    onSubmit: async (values) => {
      const saved = await write.mutateAsync(
        category ? { path: `blog/categories/${category.id}`, method: 'PUT', json: values } : { path: 'blog/categories', method: 'POST', json: values },
      );
      alerts.push({ type: 'success', title: saved.message });
      onClose();
    },
  });
  return (
    <Dialog title={category ? t('categories.edit', { name: category.name }) : t('categories.new')} onClose={onClose} busy={busy} testId="blog-category-dialog">
      <form onSubmit={submit} noValidate>
        <div className="flex flex-col gap-4 px-5 py-4">
          <TextField
            label={t('fields.name')}
            required
            maxLength={CATEGORY_NAME_MAX}
            registration={form.register('name')}
            error={errorOf('name')}
            data-testid="blog-category-name"
          />
          <TextField
            label={t('fields.slug')}
            required
            maxLength={POST_SLUG_MAX}
            registration={form.register('slug')}
            error={errorOf('slug')}
            data-testid="blog-category-slug"
          />
          {/* A category holding others stays top-level. */}
          <FormSelect
            control={form.control}
            name="parentId"
            label={t('fields.parent')}
            error={errorOf('parentId')}
            disabled={hasChildren}
            emptyAsNull
            options={[{ value: '', label: t('fields.noParent') }, ...parents.map((p) => ({ value: p.id, label: p.name }))]}
            testId="blog-category-parent"
          />
        </div>
        <DialogActions onCancel={onClose} cancelLabel={t('categories.cancel')} busy={busy} bar>
          <DialogSubmit busy={busy} label={t('categories.save')} busyLabel={t('editor.saving')} testId="blog-category-save" />
        </DialogActions>
      </form>
    </Dialog>
  );
}
