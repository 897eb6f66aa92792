'use client';

import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Tags } from 'lucide-react';
import { primaryButton, rowButton } from '@/components/ui/buttons';
import { EmptyState } from '@/components/ui/EmptyState';
import { categoriesQuery } from '@/lib/blog/queries';
import type { CategoryView } from '@/lib/blog/schemas';
import { settled } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { useBlogWrite } from './use-blog-writes';

const CategoryDialog = dynamic(() => import('./CategoryDialog').then((m) => m.CategoryDialog), { ssr: false });
const ConfirmDialog = dynamic(() => import('@/components/ui/ConfirmDialog').then((m) => m.ConfirmDialog), { ssr: false });

type Actions = { create: boolean; update: boolean; delete: boolean };

/** The categories, children under their parent, with what the viewer may do to each. */
export function CategoriesManager({ categories: initial, may }: { categories: CategoryView[]; may: Actions }) {
  const t = useText('blog');
  const te = useText('errors');
  const { data: categories } = useQuery({ ...categoriesQuery(), initialData: initial });
  const [editing, setEditing] = useState<CategoryView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CategoryView | null>(null);
  const write = useBlogWrite();

  const row = (c: CategoryView) => (
    <li
      key={c.id}
      className={`flex flex-wrap items-center gap-2 rounded-card border border-line bg-surface p-3 ${c.parentId ? 'ms-6' : ''}`}
      data-testid="blog-category-row"
    >
      <span className="font-medium">{c.name}</span>
      <span className="text-xs text-muted">/{c.slug}</span>
      <span className="text-xs text-muted">· {t('categories.posts', { count: c.posts })}</span>
      <span className="ms-auto flex gap-2">
        {may.update && (
          <button type="button" className={rowButton} onClick={() => setEditing(c)} aria-label={t('categories.edit', { name: c.name })}>
            {t('categories.editShort')}
          </button>
        )}
        {may.delete && (
          <button type="button" className={rowButton} onClick={() => setDeleting(c)} aria-label={t('categories.delete', { name: c.name })}>
            {t('categories.deleteShort')}
          </button>
        )}
      </span>
    </li>
  );

  return (
    <div className="space-y-4">
      {may.create && (
        <button type="button" className={primaryButton} onClick={() => setEditing('new')} data-testid="blog-category-new">
          {t('categories.new')}
        </button>
      )}
      {categories.length === 0 ? (
        <EmptyState icon={Tags} text={t('categories.empty')} />
      ) : (
        <ul className="space-y-2" data-testid="blog-categories">
          {categories.filter((c) => !c.parentId).flatMap((top) => [row(top), ...categories.filter((c) => c.parentId === top.id).map(row)])}
        </ul>
      )}
      {editing && <CategoryDialog category={editing === 'new' ? null : editing} categories={categories} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('categories.delete', { name: deleting.name })}
          text={t('categories.deleteConfirm', { name: deleting.name })}
          confirmLabel={t('categories.delete', { name: deleting.name })}
          cancelLabel={t('categories.cancel')}
          onConfirm={() => settled(() => write.mutateAsync({ path: `blog/categories/${deleting.id}`, method: 'DELETE' }), te)}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
