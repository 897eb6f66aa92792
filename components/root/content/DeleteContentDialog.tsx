'use client';

import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import type { ContentKind } from '@/lib/content/schemas';
import { showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';
import { titleOf, type ContentItem } from './ContentList';
import { useContentDelete } from './use-content-list';

/** Asks before an entry leaves the site for good. */
export function DeleteContentDialog({ kind, item, onClose, onDeleted }: { kind: ContentKind; item: ContentItem; onClose: () => void; onDeleted: () => void }) {
  const t = useText('rootContent');
  const te = useText('errors');
  const remove = useContentDelete(kind);
  return (
    <ConfirmDialog
      title={t('deleteTitle')}
      text={t('deleteConfirm', { title: titleOf(item) })}
      confirmLabel={t('deleteYes')}
      cancelLabel={t('cancel')}
      testId="content-delete-dialog"
      confirmTestId="content-delete-confirm"
      onClose={onClose}
      onConfirm={async () => {
        try {
          const { message } = await remove.mutateAsync(item);
          alerts.push({ type: 'success', title: message });
          onDeleted();
          return true;
        } catch (error) {
          showError(error, te);
          return false;
        }
      }}
    />
  );
}
