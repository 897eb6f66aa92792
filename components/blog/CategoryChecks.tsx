'use client';

import type { UseFormRegisterReturn } from 'react-hook-form';
import type { CategoryView } from '@/lib/blog/schemas';
import { FieldError } from '@/lib/forms/fields';
import { useText } from '@/lib/i18n/client';

/** The post's categories as checkboxes, children indented under their parent. */
export function CategoryChecks({ categories, registration, error }: { categories: CategoryView[]; registration: UseFormRegisterReturn; error?: string }) {
  const t = useText('blog');
  if (categories.length === 0) return null;
  const ordered = categories.filter((c) => !c.parentId).flatMap((top) => [top, ...categories.filter((c) => c.parentId === top.id)]);
  return (
    <fieldset aria-describedby={error ? 'blog-categories-error' : undefined}>
      <legend className="text-sm font-medium">{t('fields.categories')}</legend>
      <div className="mt-2 flex flex-col gap-2">
        {ordered.map((c) => (
          <label key={c.id} className={`flex items-center gap-2 text-sm ${c.parentId ? 'ps-6' : ''}`}>
            <input type="checkbox" value={c.id} className="size-5 accent-accent" {...registration} data-testid="blog-category" />
            {c.name}
          </label>
        ))}
      </div>
      <FieldError id="blog-categories-error" message={error} />
    </fieldset>
  );
}
