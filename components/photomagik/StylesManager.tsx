'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';
import { Palette } from 'lucide-react';
import { primaryButton, rowButton } from '@/components/ui/buttons';
import { EmptyState } from '@/components/ui/EmptyState';
import { settled } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { PHOTOMAGIK_EVENTS } from '@/lib/photomagik/event-names';
import { previewPending, previewPollDelay } from '@/lib/photomagik/polling';
import { categoriesQuery, photomagikKeys, stylesQuery } from '@/lib/photomagik/queries';
import { browserSocket } from '@/lib/realtime/client';
import type { CategoryView, StyleView } from '@/lib/photomagik/schemas';
import { SortableList } from './SortableList';
import { usePhotomagikWrite, useReorder } from './use-photomagik-write';

const StyleDialog = dynamic(() => import('./StyleDialog').then((m) => m.StyleDialog), { ssr: false });
const ConfirmDialog = dynamic(() => import('@/components/ui/ConfirmDialog').then((m) => m.ConfirmDialog), { ssr: false });

type Actions = { create: boolean; update: boolean; delete: boolean };

/** The styles in their order with their previews: drag to reorder, edit, delete. */
export function StylesManager({ styles: initial, categories: initialCategories, may }: { styles: StyleView[]; categories: CategoryView[]; may: Actions }) {
  const t = useText('photomagik');
  const te = useText('errors');
  // The data update at which a preview was first seen pending: reads since then back the poll off.
  const pendingSince = useRef<number | null>(null);
  const { data: styles } = useQuery({
    ...stylesQuery(),
    initialData: initial,
    refetchInterval: (q) => {
      if (!previewPending(q.state.data)) {
        pendingSince.current = null;
        return false;
      }
      pendingSince.current ??= q.state.dataUpdateCount;
      return previewPollDelay(q.state.data, q.state.dataUpdateCount - pendingSince.current);
    },
  });
  const { data: categories } = useQuery({ ...categoriesQuery(), initialData: initialCategories });
  const [editing, setEditing] = useState<StyleView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StyleView | null>(null);
  const write = usePhotomagikWrite();
  const client = useQueryClient();
  // A preview drawn (or given up) anywhere: read the list again once.
  useEffect(() => browserSocket().on(PHOTOMAGIK_EVENTS.preview, () => void client.invalidateQueries({ queryKey: photomagikKeys.styles() })), [client]);
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));

  const move = useReorder('styles', styles);

  return (
    <div className="space-y-4">
      {may.create && (
        <button type="button" className={primaryButton} onClick={() => setEditing('new')} data-testid="photomagik-style-new">
          {t('ui.newStyle')}
        </button>
      )}
      {styles.length === 0 ? (
        <EmptyState icon={Palette} text={t('ui.noStyles')} />
      ) : (
        <SortableList
          items={styles}
          canMove={may.update}
          handleLabel={(s) => t('ui.moveNamed', { name: s.name })}
          onMove={move}
          testId="photomagik-styles"
          render={(s) => (
            <>
              {s.previewUrl ? (
                <img src={s.previewUrl} alt={t('ui.previewOf', { name: s.name })} width={56} height={56} className="size-14 rounded-control object-cover" />
              ) : (
                <span
                  className="flex size-14 items-center justify-center rounded-control bg-surface-2 text-center text-xs text-muted"
                  data-testid="photomagik-preview-pending"
                >
                  {t('ui.previewPending')}
                </span>
              )}
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{s.name}</span>
                <span className="block truncate text-xs text-muted">{s.promptTemplate}</span>
                <span className="block text-xs text-muted">
                  {(s.categoryId && categoryName.get(s.categoryId)) || t('ui.noCategory')} · {s.enabled ? t('ui.enabled') : t('ui.disabled')}
                </span>
              </span>
              <span className="flex gap-2">
                {may.update && (
                  <button type="button" className={rowButton} onClick={() => setEditing(s)} aria-label={t('ui.editNamed', { name: s.name })}>
                    {t('ui.edit')}
                  </button>
                )}
                {may.delete && (
                  <button type="button" className={rowButton} onClick={() => setDeleting(s)} aria-label={t('ui.deleteNamed', { name: s.name })}>
                    {t('ui.delete')}
                  </button>
                )}
              </span>
            </>
          )}
        />
      )}
      {editing && <StyleDialog style={editing === 'new' ? null : editing} categories={categories} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('ui.deleteNamed', { name: deleting.name })}
          text={t('ui.deleteStyleConfirm', { name: deleting.name })}
          confirmLabel={t('ui.deleteNamed', { name: deleting.name })}
          cancelLabel={t('ui.cancel')}
          onConfirm={() => settled(() => write.mutateAsync({ path: `photomagik/styles/${deleting.id}`, method: 'DELETE' }), te)}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
