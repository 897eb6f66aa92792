'use client';

import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { primaryButton, rowButton } from '@/components/ui/buttons';
import { settled } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { categoriesQuery } from '@/lib/photomagik/queries';
import type { CategoryView } from '@/lib/photomagik/schemas';
import { SortableList } from './SortableList';
import { usePhotomagikWrite, useReorder } from './use-photomagik-write';

const CategoryDialog = dynamic(() => import('./CategoryDialog').then((m) => m.CategoryDialog), { ssr: false });
const ConfirmDialog = dynamic(() => import('@/components/ui/ConfirmDialog').then((m) => m.ConfirmDialog), { ssr: false });

type Actions = { create: boolean; update: boolean; delete: boolean };

/** The style categories in their order: drag to reorder, rename, delete. */
export function CategoriesManager({ categories: initial, may }: { categories: CategoryView[]; may: Actions }) {
  const t = useText('photomagik');
  const te = useText('errors');
  const { data: categories } = useQuery({ ...categoriesQuery(), initialData: initial });
  const [editing, setEditing] = useState<CategoryView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CategoryView | null>(null);
  const write = usePhotomagikWrite();

  const move = useReorder('categories', categories);

  return (
    <div className="space-y-4">
      {may.create && (
        <button type="button" className={primaryButton} onClick={() => setEditing('new')} data-testid="photomagik-category-new">
          {t('ui.newCategory')}
        </button>
      )}
      {categories.length === 0 ? (
        <p className="text-muted">{t('ui.noCategories')}</p>
      ) : (
        <SortableList
          items={categories}
          canMove={may.update}
          handleLabel={(c) => t('ui.moveNamed', { name: c.name })}
          onMove={move}
          testId="photomagik-categories"
          render={(c) => (
            <>
              <span className="font-medium">{c.name}</span>
              <span className="text-xs text-muted">· {t('ui.styleCount', { count: c.styles })}</span>
              <span className="ms-auto flex gap-2">
                {may.update && (
                  <button type="button" className={rowButton} onClick={() => setEditing(c)} aria-label={t('ui.editNamed', { name: c.name })}>
                    {t('ui.edit')}
                  </button>
                )}
                {may.delete && (
                  <button type="button" className={rowButton} onClick={() => setDeleting(c)} aria-label={t('ui.deleteNamed', { name: c.name })}>
                    {t('ui.delete')}
                  </button>
                )}
              </span>
            </>
          )}
        />
      )}
      {editing && <CategoryDialog category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('ui.deleteNamed', { name: deleting.name })}
          text={t('ui.deleteCategoryConfirm', { name: deleting.name })}
          confirmLabel={t('ui.deleteNamed', { name: deleting.name })}
          cancelLabel={t('ui.cancel')}
          onConfirm={() => settled(() => write.mutateAsync({ path: `photomagik/categories/${deleting.id}`, method: 'DELETE' }), te)}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
