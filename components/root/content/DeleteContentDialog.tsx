'use client';

import { useState } from 'react';
import { dangerButton } from '@/components/ui/buttons';
import { Dialog, DialogActions } from '@/components/ui/Dialog';
import type { ContentKind } from '@/lib/content/schemas';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';
import { titleOf, type ContentItem } from './ContentList';

/** Asks before an entry leaves the site for good. */
export function DeleteContentDialog({ kind, item, onClose, onDeleted }: { kind: ContentKind; item: ContentItem; onClose: () => void; onDeleted: () => void }) {
  const t = useText('rootContent');
  const te = useText('errors');
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      const { message } = await api<{ message: string }>(`root/content/${kind}/${item.id}`, { method: 'DELETE' });
      alerts.push({ type: 'success', title: message });
      onDeleted();
    } catch (error) {
      showError(error, te);
      setBusy(false);
    }
  }

  return (
    <Dialog title={t('deleteTitle')} onClose={onClose} busy={busy} testId="content-delete-dialog">
      <p className="px-5 py-4 text-sm">{t('deleteConfirm', { title: titleOf(item) })}</p>
      {/* Focus starts on Cancel, so a stray Enter never deletes. */}
      <DialogActions onCancel={onClose} cancelLabel={t('cancel')} focusCancel busy={busy} bar>
        <button type="button" onClick={confirm} disabled={busy} aria-busy={busy || undefined} className={dangerButton} data-testid="content-delete-confirm">
          {t('deleteYes')}
        </button>
      </DialogActions>
    </Dialog>
  );
}
