'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { Link } from '@/components/ui/Link';
import { useEffect, useState, type FormEvent } from 'react';
import { primaryButton, rowButton, secondaryButton } from '@/components/ui/buttons';
import { DataTable, cardCell } from '@/components/ui/DataTable';
import { Select } from '@/components/ui/Select';
import { formatDateTime } from '@/lib/format/date';
import { api, showError } from '@/lib/http/api-client';
import { selectClass } from '@/lib/forms/fields';
import { useLocale, useText } from '@/lib/i18n/client';
import { answerText } from '@/lib/interviews/answers';
import { INTERVIEW_EVENTS, type InterviewResponseEvent } from '@/lib/interviews/event-names';
import { filterQuery, interviewsKeys, responsesQuery, summaryQuery, type ResponsesFilter } from '@/lib/interviews/queries';
import { HUMAN_FILTERS, type InterviewView, type VersionView } from '@/lib/interviews/schemas';
import { browserSocket } from '@/lib/realtime/client';
import { pathFor } from '@/lib/routes/match';
import { alerts } from '@/lib/shell/alerts';
import { FunnelPanel } from './FunnelPanel';
import { SummaryPanel } from './SummaryPanel';

const ResponseDialog = dynamic(() => import('./ResponseDialog').then((m) => m.ResponseDialog), { ssr: false });
const ConfirmDialog = dynamic(() => import('@/components/ui/ConfirmDialog').then((m) => m.ConfirmDialog), { ssr: false });

const SHOWN_ANSWERS = 3;

/** The responses page: filters, the summary, a page of the table, one-by-one view and CSV export; new responses arrive live. */
export function ResponsesView({
  interview,
  versions,
  mayDelete,
  timeZone,
}: {
  interview: InterviewView;
  versions: VersionView[];
  mayDelete: boolean;
  timeZone: string | null;
}) {
  const t = useText('interviews');
  const te = useText('errors');
  const locale = useLocale();
  const client = useQueryClient();
  const [filter, setFilter] = useState<ResponsesFilter>({});
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [live, setLive] = useState('');
  const list = useQuery(responsesQuery(interview.id, filter, page));
  const summary = useQuery(summaryQuery(interview.id, filter));
  const version = versions.find((v) => v.number === (filter.version ?? interview.version)) ?? versions[0];
  const questions = version?.questions ?? interview.questions;

  // A response submitted anywhere shows up here at once: the socket's event invalidates the lists.
  useEffect(
    () =>
      browserSocket().on(INTERVIEW_EVENTS.response, (d) => {
        if ((d as InterviewResponseEvent).interviewId !== interview.id) return;
        setLive(t('responses.live'));
        void client.invalidateQueries({ queryKey: interviewsKeys.responsesOf(interview.id) });
        void client.invalidateQueries({ queryKey: interviewsKeys.list() });
      }),
    [client, interview.id, t],
  );

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (k: string) => String(data.get(k) ?? '') || undefined;
    setFilter((f) => ({ version: f.version, question: f.question, human: f.human, from: text('from'), to: text('to'), answer: text('answer') }));
    setPage(1);
  };
  const remove = async (responseId: string) => {
    try {
      const res = await api<{ message: string }>(`interviews/${interview.id}/responses/${responseId}`, { method: 'DELETE' });
      alerts.push({ type: 'success', title: res.message });
      setViewing(null);
      await client.invalidateQueries({ queryKey: interviewsKeys.responsesOf(interview.id) });
      return true;
    } catch (error) {
      showError(error, te);
      return false;
    }
  };

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / (list.data?.pageSize ?? 25)));
  return (
    <div className="space-y-6">
      <Link href={pathFor('interviews', locale)} className="text-sm text-accent">
        ← {t('editor.back')}
      </Link>
      <h1 className="text-2xl font-bold">{t('responses.title', { title: interview.title })}</h1>
      <p className="sr-only" aria-live="polite">
        {live}
      </p>
      <form onSubmit={apply} className="flex flex-wrap items-end gap-3 rounded-card border border-line p-3" data-testid="responses-filter">
        {versions.length > 1 && (
          <div className="w-32">
            <span className="mb-1 block text-sm font-medium">{t('responses.version')}</span>
            <Select
              aria-label={t('responses.version')}
              compact
              value={String(filter.version ?? '')}
              placeholder={t('list.version', { version: interview.version })}
              onChange={(v) => setFilter((f) => ({ ...f, version: v ? Number(v) : undefined }))}
              options={versions.map((v) => ({ value: String(v.number), label: t('list.version', { version: v.number }) }))}
            />
          </div>
        )}
        {(['from', 'to'] as const).map((k) => (
          <label key={k} className="text-sm font-medium">
            {t(`responses.${k}`)}
            <input type="date" name={k} className={`${selectClass} mt-1 w-40`} />
          </label>
        ))}
        <div className="w-48">
          <span className="mb-1 block text-sm font-medium">{t('responses.filterQuestion')}</span>
          <Select
            aria-label={t('responses.filterQuestion')}
            compact
            value={filter.question ?? ''}
            placeholder={t('responses.anyQuestion')}
            onChange={(v) => setFilter((f) => ({ ...f, question: v || undefined }))}
            options={questions.map((q, i) => ({ value: q.id, label: `${i + 1}. ${q.title}` }))}
          />
        </div>
        <div className="w-56">
          <span className="mb-1 block text-sm font-medium">{t('responses.human')}</span>
          <Select
            aria-label={t('responses.human')}
            compact
            value={filter.human ?? ''}
            onChange={(v) => (setFilter((f) => ({ ...f, human: (v || undefined) as ResponsesFilter['human'] })), setPage(1))}
            options={[
              { value: '', label: t('responses.humanAll') },
              ...HUMAN_FILTERS.map((h) => ({ value: h, label: t(`responses.${h === 'checked' ? 'humanChecked' : 'humanUnchecked'}`) })),
            ]}
            testId="responses-human"
          />
        </div>
        <label className="text-sm font-medium">
          {t('responses.filterAnswer')}
          <input name="answer" className={`${selectClass} mt-1 w-40`} />
        </label>
        <button type="submit" className={primaryButton}>
          {t('responses.apply')}
        </button>
        <button type="reset" className={secondaryButton} onClick={() => (setFilter({}), setPage(1))}>
          {t('responses.clear')}
        </button>
        <a className={secondaryButton} href={`/api/interviews/${interview.id}/export${filterQuery(filter)}`} download data-testid="responses-export">
          {t('responses.export')}
        </a>
      </form>

      <section aria-labelledby="summary-title">
        <h2 id="summary-title" className="mb-3 text-lg font-semibold">
          {t('responses.summary')} · <span data-testid="responses-total">{t('responses.total', { count: summary.data?.total ?? total })}</span>
        </h2>
        {/* What the summary and the export count includes answers nobody checked: say so, the filter above leaves them out. */}
        {summary.data && summary.data.unchecked > 0 && (
          <p className="mb-3 text-sm text-amber-800 dark:text-amber-300" data-testid="responses-unchecked">
            {t('responses.uncheckedIncluded', { count: summary.data.unchecked })}
          </p>
        )}
        {summary.data && <SummaryPanel questions={questions} summary={summary.data.questions} />}
      </section>

      <FunnelPanel interviewId={interview.id} version={filter.version} questions={questions} />

      <section aria-labelledby="table-title">
        <h2 id="table-title" className="mb-3 text-lg font-semibold">
          {t('responses.table')}
        </h2>
        {total === 0 ? (
          <p className="text-muted">{t('responses.empty')}</p>
        ) : (
          <DataTable
            testId="responses"
            caption={t('responses.table')}
            busy={list.isFetching}
            cards
            columns={[
              { label: t('responses.submitted') },
              ...questions.slice(0, SHOWN_ANSWERS).map((q) => ({ label: q.title })),
              { label: t('responses.view'), hidden: true },
            ]}
          >
            {list.data?.responses.map((r) => (
              <tr key={r.id} data-testid="response-row" data-checked={r.checked}>
                <th scope="row" className="px-3 py-2 font-normal whitespace-nowrap max-sm:block max-sm:px-0">
                  {formatDateTime(r.submittedAt, locale, timeZone)}
                  {!r.checked && (
                    <span
                      className="ml-2 inline-block rounded-full border border-amber-600 px-2 py-0.5 text-xs font-medium text-amber-800 dark:text-amber-300"
                      data-testid="response-unchecked"
                    >
                      {t('responses.uncheckedBadge')}
                    </span>
                  )}
                </th>
                {questions.slice(0, SHOWN_ANSWERS).map((q) => (
                  <td key={q.id} className={`max-w-48 truncate px-3 py-2 ${cardCell}`} data-label={q.title}>
                    {answerText(r.answers[q.id])}
                  </td>
                ))}
                <td className={`px-3 py-2 ${cardCell}`}>
                  <button type="button" className={rowButton} onClick={() => setViewing(r.id)} data-testid="response-view">
                    {t('responses.view')}
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        {pages > 1 && (
          <nav className="mt-3 flex items-center gap-3 text-sm" aria-label={t('responses.table')}>
            <button type="button" className={rowButton} disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('responses.previous')}
            </button>
            <span>{t('responses.page', { page, pages })}</span>
            <button type="button" className={rowButton} disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('responses.next')}
            </button>
          </nav>
        )}
      </section>
      {viewing && (
        <ResponseDialog
          interviewId={interview.id}
          responseId={viewing}
          mayDelete={mayDelete}
          timeZone={timeZone}
          onDelete={() => setDeleting(viewing)}
          onClose={() => setViewing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('responses.deleteTitle')}
          text={t('responses.deleteText')}
          confirmLabel={t('responses.delete')}
          cancelLabel={t('form.cancel')}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
