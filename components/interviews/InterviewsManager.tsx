'use client';

import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { EmptyState } from '@/components/ui/EmptyState';
import dynamic from 'next/dynamic';
import { Link } from '@/components/ui/Link';
import { useState } from 'react';
import { primaryButton, rowButton } from '@/components/ui/buttons';
import { showError } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { interviewsQuery } from '@/lib/interviews/queries';
import { NEW_RESPONSES_DAYS } from '@/lib/interviews/limits';
import type { InterviewListItem, InterviewsFilter, InterviewStatus, InterviewView } from '@/lib/interviews/schemas';
import { pathFor } from '@/lib/routes/match';
import { useUrlParam } from '@/lib/shell/use-url-param';
import { alerts } from '@/lib/shell/alerts';
import { useInterviewWrite } from './use-interview-writes';
import { chipClass } from '@/components/ui/buttons';

// Dialogs are chunks of their own, fetched when first opened.
const InterviewSettings = dynamic(() => import('./InterviewSettings').then((m) => m.InterviewSettings), { ssr: false });
const ConfirmDialog = dynamic(() => import('@/components/ui/ConfirmDialog').then((m) => m.ConfirmDialog), { ssr: false });

export type InterviewActions = { create: boolean; update: boolean; delete: boolean };

export const STATUS_BADGE: Record<InterviewStatus, string> = {
  draft: 'bg-surface-2 text-ink',
  published: 'bg-emerald-700 text-white',
  closed: 'bg-zinc-600 text-white',
};

type Props = { initial: { filter: InterviewsFilter; interviews: InterviewListItem[] }; projectKey: string; may: InterviewActions };

/**
 * The project's interviews with what the viewer may do to each, and their new responses;
 * `?responses=new` (where the dashboard home's figure points) keeps those that got some.
 */
export function InterviewsManager({ initial, projectKey, may }: Props) {
  const t = useText('interviews');
  const te = useText('errors');
  const locale = useLocale();
  const [filter, show] = useUrlParam('responses', ['new'] as const);
  const seeded = filter === (initial.filter ?? '');
  const { data } = useQuery({ ...interviewsQuery(filter), initialData: seeded ? initial.interviews : undefined });
  const interviews = data ?? [];
  const fresh = interviews.reduce((sum, i) => sum + i.newResponses, 0);
  const [editing, setEditing] = useState<InterviewView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<InterviewView | null>(null);
  const write = useInterviewWrite();

  const run = async (path: string, method: string, json?: unknown) => {
    try {
      const res = await write.mutateAsync({ path, method, json });
      alerts.push({ type: 'success', title: res.message });
      return true;
    } catch (error) {
      showError(error, te);
      return false;
    }
  };
  const setStatus = (i: InterviewView, status: InterviewStatus) => run(`interviews/${i.id}/status`, 'POST', { status });

  return (
    <div className="space-y-4">
      {may.create && (
        <button type="button" className={primaryButton} onClick={() => setEditing('new')} data-testid="interview-new">
          {t('list.new')}
        </button>
      )}
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('list.filterLabel')}>
        {(['', 'new'] as const).map((f) => (
          <button key={f || 'all'} type="button" aria-pressed={filter === f} onClick={() => show(f)} className={chipClass(filter === f)}>
            {f ? t('list.filterNew', { days: NEW_RESPONSES_DAYS }) : t('list.filterAll')}
          </button>
        ))}
        {filter === 'new' && data && (
          <p className="text-sm text-muted" aria-live="polite" data-testid="interviews-new-total">
            {t('list.newTotal', { count: fresh, days: NEW_RESPONSES_DAYS })}
          </p>
        )}
      </div>
      {!data ? null : interviews.length === 0 ? (
        filter === 'new' ? (
          <EmptyState icon={FileText} text={t('list.emptyNew', { days: NEW_RESPONSES_DAYS })} />
        ) : (
          <EmptyState icon={FileText} text={t('list.empty')} />
        )
      ) : (
        <ul className="space-y-3" data-testid="interviews">
          {interviews.map((i) => {
            const publicHref = `${pathFor('interview', locale, { key: projectKey })}${i.isPublic ? '' : `?i=${i.slug}`}`;
            return (
              <li key={i.id} className="rounded-card border border-line bg-surface p-4" data-testid="interview-row">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="text-lg font-semibold">{i.title}</h2>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_BADGE[i.status]}`} data-testid="interview-status">
                    {t(`status.${i.status}`)}
                  </span>
                  {i.isPublic && <span className="rounded-full border border-line px-2 py-0.5 text-xs">{t('list.public')}</span>}
                </div>
                <p className="mt-1 text-sm text-muted">
                  {t('list.responses', { count: i.responses })}
                  {i.newResponses > 0 && (
                    <span data-testid="interview-new-responses">{` · ${t('list.newResponses', { count: i.newResponses, days: NEW_RESPONSES_DAYS })}`}</span>
                  )}
                  {i.version > 0 && ` · ${t('list.version', { version: i.version })}`}
                </p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Link className={rowButton} href={pathFor('interviewQuestions', locale, { id: i.id })} data-testid="interview-questions">
                    {t('list.questions')}
                  </Link>
                  <Link className={rowButton} href={pathFor('interviewResponses', locale, { id: i.id })} data-testid="interview-responses">
                    {t('list.answers')}
                  </Link>
                  {i.status !== 'draft' && (
                    <a className={rowButton} href={publicHref} target="_blank" rel="noopener">
                      {t('list.open')}
                    </a>
                  )}
                  {may.update && (
                    <>
                      <button type="button" className={rowButton} onClick={() => setEditing(i)}>
                        {t('list.settings')}
                      </button>
                      {i.status === 'published' ? (
                        <button type="button" className={rowButton} onClick={() => setStatus(i, 'closed')}>
                          {t('list.close')}
                        </button>
                      ) : (
                        <button type="button" className={rowButton} onClick={() => setStatus(i, 'published')} data-testid="interview-publish">
                          {i.status === 'closed' ? t('list.reopen') : t('list.publish')}
                        </button>
                      )}
                    </>
                  )}
                  {may.delete && (
                    <button type="button" className={rowButton} onClick={() => setDeleting(i)}>
                      {t('list.delete')}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editing && <InterviewSettings interview={editing === 'new' ? null : editing} projectKey={projectKey} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('list.deleteTitle', { title: deleting.title })}
          text={t('list.deleteText')}
          confirmLabel={t('list.delete')}
          cancelLabel={t('form.cancel')}
          onConfirm={() => run(`interviews/${deleting.id}`, 'DELETE')}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
