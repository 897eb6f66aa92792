'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@/components/ui/Link';
import { useRouter } from 'next/navigation';
import { useState, type Ref } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Select } from '@/components/ui/Select';
import { dangerButton, rowButton, secondaryButton } from '@/components/ui/buttons';
import { api, showError } from '@/lib/http/api-client';
import { formatDateTime } from '@/lib/format';
import { useLocale, useText } from '@/lib/i18n/client';
import { REQUEST_PRIORITIES, REQUEST_TYPES, TRANSITIONS } from '@/lib/requests/limits';
import { assigneesQuery, requestsKeys } from '@/lib/requests/queries';
import type { RequestDetail } from '@/lib/requests/types';
import { pathFor } from '@/lib/routes/match';
import { alerts } from '@/lib/shell/alerts';
import { SlaBadge, StatusBadge } from './Badges';
import { patchRequest } from './api';
import { NumberDialog } from './NumberDialog';
import { RatingSection } from './RatingSection';
import type { StaffMay } from './RequestDetail';
import { TagsEditor } from './TagsEditor';
import { useNow } from './use-now';

/** The request's fields (each change saved at once), its SLA, the requester's earlier requests and the related ones. */
export function RequestSidebar({
  detail,
  may,
  timeZone,
  assignRef,
}: {
  detail: RequestDetail;
  may: StaffMay;
  timeZone: string | null;
  /** The assignee's select, for the page's `a` shortcut. */
  assignRef?: Ref<HTMLButtonElement>;
}) {
  const t = useText('requests');
  const te = useText('errors');
  const locale = useLocale();
  const client = useQueryClient();
  const router = useRouter();
  const now = useNow();
  const r = detail.request;
  const [dialog, setDialog] = useState<'merge' | 'link' | 'delete' | null>(null);
  const editable = may.update && r.status !== 'closed';
  // Asked for once per visit and shared by every request opened; the current assignee is always an option.
  const staff = useQuery(assigneesQuery(editable)).data ?? [];
  const current = r.assignee;
  const people = current && !staff.some((p) => p.id === current.id) ? [current, ...staff] : staff;
  const refresh = () =>
    Promise.all([client.invalidateQueries({ queryKey: requestsKeys.detail(r.id) }), client.invalidateQueries({ queryKey: requestsKeys.lists() })]);
  const change = useMutation({
    mutationFn: (json: Record<string, unknown>) => patchRequest(r.id, json),
    onSuccess: refresh,
    onError: (error) => showError(error, te),
  });
  const statuses = [r.status, ...TRANSITIONS[r.status]];
  const field = 'grid grid-cols-[7rem_minmax(0,1fr)] items-center gap-2 text-sm';

  return (
    <aside className="space-y-5" aria-label={t('details')}>
      <section className="space-y-3 rounded-card border border-line p-3">
        <h2 className="font-semibold">{t('details')}</h2>
        <div className={field}>
          <span>{t('requester')}</span>
          <span className="break-words">
            {r.requester.name}
            <span className="block text-xs text-muted">{r.requester.email}</span>
          </span>
        </div>
        <div className={field}>
          <span id="status-label">{t('statusLabel')}</span>
          {editable ? (
            <Select
              compact
              aria-labelledby="status-label"
              value={r.status}
              onChange={(v) => change.mutate({ status: v })}
              options={statuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              testId="request-status-select"
            />
          ) : (
            <StatusBadge status={r.status} />
          )}
        </div>
        <div className={field}>
          <span id="priority-label">{t('priorityLabel')}</span>
          <Select
            compact
            disabled={!editable}
            aria-labelledby="priority-label"
            value={r.priority}
            onChange={(v) => change.mutate({ priority: v })}
            options={REQUEST_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
          />
        </div>
        <div className={field}>
          <span id="type-label">{t('typeLabel')}</span>
          <Select
            compact
            disabled={!editable}
            aria-labelledby="type-label"
            value={r.type}
            onChange={(v) => change.mutate({ type: v })}
            options={REQUEST_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))}
          />
        </div>
        <div className={field}>
          <span id="assignee-label">{t('assigneeLabel')}</span>
          <Select
            compact
            disabled={!editable}
            aria-labelledby="assignee-label"
            ref={assignRef}
            testId="request-assignee-select"
            value={r.assignee?.id ?? ''}
            onChange={(v) => change.mutate({ assigneeId: v || null })}
            options={[{ value: '', label: t('unassigned') }, ...people.map((p) => ({ value: p.id, label: p.name }))]}
          />
        </div>
        <TagsEditor tags={r.tags} disabled={!editable} onSave={(tags) => change.mutateAsync({ tags })} />
        <p className="text-xs text-muted">{t('created', { time: formatDateTime(r.createdAt, locale, timeZone) })}</p>
      </section>

      <RatingSection rating={detail.rating} timeZone={timeZone} />

      <section className="space-y-1 rounded-card border border-line p-3">
        <h2 className="font-semibold">{t('sla')}</h2>
        <p>
          <SlaBadge label={t('firstResponse')} state={r.firstResponse} now={now} />
        </p>
        <p>
          <SlaBadge label={t('resolution')} state={r.resolution} now={now} />
        </p>
      </section>

      <section className="rounded-card border border-line p-3">
        <h2 className="font-semibold">{t('earlier', { name: r.requester.name })}</h2>
        {detail.earlier.length === 0 ? (
          <p className="text-sm text-muted">{t('noEarlier')}</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm" data-testid="earlier-requests">
            {detail.earlier.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center gap-2">
                <Link href={pathFor('request', locale, { id: e.id })} className="text-accent hover:underline">
                  #{e.number} {e.subject}
                </Link>
                <StatusBadge status={e.status} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="rounded-card border border-line p-3">
        <h2 className="font-semibold">{t('related')}</h2>
        {detail.related.length === 0 && <p className="text-sm text-muted">{t('noRelated')}</p>}
        <ul className="mt-1 space-y-1 text-sm" data-testid="related-requests">
          {detail.related.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center gap-2">
              <Link href={pathFor('request', locale, { id: e.id })} className="text-accent hover:underline">
                #{e.number} {e.subject}
              </Link>
              {may.update && (
                <button
                  type="button"
                  className={rowButton}
                  aria-label={t('unlink', { number: e.number })}
                  onClick={() => void api(`requests/${r.id}/links/${e.id}`, { method: 'DELETE' }).then(refresh, (err) => showError(err, te))}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
        {may.update && (
          <button type="button" className={`${secondaryButton} mt-2`} onClick={() => setDialog('link')}>
            {t('link')}
          </button>
        )}
      </section>

      <div className="flex flex-wrap gap-2">
        {editable && (
          <button type="button" className={secondaryButton} onClick={() => setDialog('merge')} data-testid="merge-request">
            {t('merge')}
          </button>
        )}
        {may.delete && (
          <button type="button" className={dangerButton} onClick={() => setDialog('delete')}>
            {t('delete')}
          </button>
        )}
      </div>

      {dialog === 'link' && (
        <NumberDialog
          title={t('link')}
          label={t('linkNumber')}
          confirmLabel={t('link')}
          onClose={() => setDialog(null)}
          onPick={async (target) => {
            const res = await api<{ message: string }>(`requests/${r.id}/links`, { json: { relatedId: target } });
            alerts.push({ type: 'success', text: res.message });
            await refresh();
          }}
        />
      )}
      {dialog === 'merge' && (
        <NumberDialog
          title={t('mergeTitle', { number: r.number })}
          lead={t('mergeText')}
          label={t('mergeNumber')}
          confirmLabel={t('mergeConfirm')}
          onClose={() => setDialog(null)}
          onPick={async (target) => {
            const res = await api<{ message: string }>(`requests/${r.id}/merge`, { json: { targetId: target } });
            alerts.push({ type: 'success', text: res.message });
            await refresh();
            router.push(pathFor('request', locale, { id: target }));
          }}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={t('deleteTitle', { number: r.number })}
          text={t('deleteText')}
          confirmLabel={t('delete')}
          cancelLabel={t('cancel')}
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            try {
              const res = await api<{ message: string }>(`requests/${r.id}`, { method: 'DELETE' });
              alerts.push({ type: 'success', text: res.message });
              await client.invalidateQueries({ queryKey: requestsKeys.lists() });
              router.push(pathFor('requests', locale));
              return true;
            } catch (error) {
              showError(error, te);
              return false;
            }
          }}
        />
      )}
    </aside>
  );
}
