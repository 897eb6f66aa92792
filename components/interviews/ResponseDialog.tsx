'use client';

import { useQuery } from '@tanstack/react-query';
import { Dialog, DialogActions } from '@/components/ui/Dialog';
import { dangerButton } from '@/components/ui/buttons';
import { formatDateTime } from '@/lib/format/date';
import { useLocale, useText } from '@/lib/i18n/client';
import { answerText, type FileAnswer } from '@/lib/interviews/answers';
import { responseQuery } from '@/lib/interviews/queries';

/**
 * One response, read with the questions of the version it answered: editing the interview
 * later never changes what is shown here.
 */
export function ResponseDialog({
  interviewId,
  responseId,
  mayDelete,
  timeZone,
  onDelete,
  onClose,
}: {
  interviewId: string;
  responseId: string;
  mayDelete: boolean;
  timeZone: string | null;
  onDelete: () => void;
  onClose: () => void;
}) {
  const t = useText('interviews');
  const locale = useLocale();
  const { data } = useQuery(responseQuery(interviewId, responseId));
  const r = data?.response;
  return (
    <Dialog title={r ? t('responses.versionOf', { version: r.version }) : t('responses.view')} onClose={onClose} wide testId="response-dialog">
      <div className="max-h-[calc(100dvh-12rem)] overflow-y-auto px-5 py-4">
        {data && r && (
          <dl className="space-y-3 text-sm">
            {data.questions.map((q, i) => {
              const value = r.answers[q.id];
              const file = q.type === 'file' && value && typeof value === 'object' && !Array.isArray(value) ? (value as FileAnswer) : null;
              return (
                <div key={q.id}>
                  <dt className="font-medium">
                    {i + 1}. {q.title}
                  </dt>
                  <dd className="whitespace-pre-line text-muted" data-testid="response-answer">
                    {file ? (
                      <a className="text-accent" href={`/api/interviews/${interviewId}/responses/${r.id}/files/${q.id}`}>
                        {t('responses.download')} {file.name}
                      </a>
                    ) : value === undefined ? (
                      <em>{t('responses.noAnswer')}</em>
                    ) : (
                      answerText(value)
                    )}
                  </dd>
                </div>
              );
            })}
            <div className="border-t border-line pt-3 text-xs text-muted">
              <p>
                {t('responses.started')}: {formatDateTime(r.startedAt, locale, timeZone)} · {t('responses.submitted')}:{' '}
                {formatDateTime(r.submittedAt, locale, timeZone)}
              </p>
              {Object.keys(r.hidden).length > 0 && (
                <p>
                  {t('responses.hidden')}:{' '}
                  {Object.entries(r.hidden)
                    .map(([k, v]) => `${k}=${v}`)
                    .join(', ')}
                </p>
              )}
              <p className="break-all">
                {t('responses.userAgent')}: {r.userAgent}
              </p>
              {r.referrer && (
                <p className="break-all">
                  {t('responses.referrer')}: {r.referrer}
                </p>
              )}
              {!r.checked && <p>{t('responses.unchecked')}</p>}
            </div>
          </dl>
        )}
        <DialogActions onCancel={onClose} cancelLabel={t('responses.close')}>
          {mayDelete && (
            <button type="button" className={dangerButton} onClick={onDelete} data-testid="response-delete">
              {t('responses.delete')}
            </button>
          )}
        </DialogActions>
      </div>
    </Dialog>
  );
}
