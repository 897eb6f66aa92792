'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { primaryButton, rowButton } from '@/components/ui/buttons';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { cannedQuery, requestsKeys } from '@/lib/requests/queries';
import type { CannedReply } from '@/lib/requests/types';
import { alerts } from '@/lib/shell/alerts';
import { CannedReplyDialog } from './CannedReplyDialog';

/** The settings' section for the project's canned replies: list, add, edit and delete. */
export function CannedRepliesSettings() {
  const t = useText('requests');
  const te = useText('errors');
  const client = useQueryClient();
  const { data, isPending } = useQuery(cannedQuery());
  const [editing, setEditing] = useState<CannedReply | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CannedReply | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: requestsKeys.canned() });
  return (
    <section aria-labelledby="canned-settings-title" className="mt-10" data-testid="canned-settings">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="canned-settings-title" className="text-lg font-semibold">
          {t('cannedTitle')}
        </h2>
        <button type="button" className={primaryButton} onClick={() => setEditing('new')} data-testid="canned-new">
          {t('cannedNew')}
        </button>
      </div>
      <p className="mt-1 mb-4 text-sm text-muted">{t('cannedLead', { name: '{{name}}', project: '{{project}}', agent: '{{agent}}' })}</p>
      {isPending && <p className="text-muted">…</p>}
      {data?.length === 0 && <p className="text-sm text-muted">{t('cannedEmpty')}</p>}
      <ul className="divide-y divide-line rounded-card border border-line empty:border-0" data-testid="canned-list">
        {data?.map((r) => (
          <li key={r.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 p-3">
            <div className="min-w-0 flex-1 basis-48">
              <p className="font-medium break-words">{r.title}</p>
              <p className="line-clamp-2 text-sm break-words whitespace-pre-line text-muted">{r.body}</p>
            </div>
            <div className="flex gap-2">
              <button type="button" className={rowButton} onClick={() => setEditing(r)} aria-label={`${t('edit')}: ${r.title}`}>
                {t('edit')}
              </button>
              <button type="button" className={rowButton} onClick={() => setDeleting(r)} aria-label={`${t('delete')}: ${r.title}`}>
                {t('delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {editing && <CannedReplyDialog reply={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={refresh} />}
      {deleting && (
        <ConfirmDialog
          title={t('cannedDeleteTitle', { title: deleting.title })}
          text={t('cannedDeleteText')}
          confirmLabel={t('delete')}
          cancelLabel={t('cancel')}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            try {
              const res = await api<{ message: string }>(`requests/canned/${deleting.id}`, { method: 'DELETE' });
              alerts.push({ type: 'success', text: res.message });
              await refresh();
              return true;
            } catch (error) {
              showError(error, te);
              return false;
            }
          }}
        />
      )}
    </section>
  );
}
