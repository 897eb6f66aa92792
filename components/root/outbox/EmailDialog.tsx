'use client';

import { useQuery } from '@tanstack/react-query';
import { secondaryButton } from '@/components/ui/buttons';
import { Dialog } from '@/components/ui/Dialog';
import { formatDateTime } from '@/lib/format';
import { useLocale, useText } from '@/lib/i18n/client';
import { useErrorAlert } from '@/lib/query/use-error-alert';
import { emailQuery } from '@/lib/root/queries';
import type { OutboxItem } from '@/lib/root/outbox';
import { EmailState, kindLabel } from './labels';

/**
 * One email: its links to follow, its text, and its HTML in a sandboxed frame (no scripts,
 * no same-origin access, no forms or popups), or as source.
 */
export function EmailDialog({ item, timeZone, onClose }: { item: OutboxItem; timeZone: string; onClose: () => void }) {
  const t = useText('rootOutbox');
  const locale = useLocale();
  const query = useQuery(emailQuery(item.id));
  useErrorAlert(query.error);
  const email = query.data;
  const failed = query.isError && !email;

  return (
    <Dialog title={item.subject} lead={t('toLine', { to: item.to })} onClose={onClose} wide testId="outbox-email">
      <div className="flex max-h-[70vh] flex-col gap-4 overflow-y-auto px-5 py-4 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted">{t('kind')}</dt>
          <dd>{kindLabel(item.kind, t)}</dd>
          <dt className="text-muted">{t('language')}</dt>
          <dd>{item.locale.toUpperCase()}</dd>
          <dt className="text-muted">{t('created')}</dt>
          <dd>
            <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, locale, timeZone)}</time>
          </dd>
          <dt className="text-muted">{t('state')}</dt>
          <dd>
            <EmailState state={item.state} />
            {item.sentAt && <span className="ml-2 text-muted">{formatDateTime(item.sentAt, locale, timeZone)}</span>}
          </dd>
          {email?.error && (
            <>
              <dt className="text-muted">{t('error')}</dt>
              <dd className="break-all">{email.error}</dd>
            </>
          )}
        </dl>

        {!email && !failed && (
          <p className="text-muted" role="status">
            {t('loading')}
          </p>
        )}
        {failed && <p role="alert">{t('loadFailed')}</p>}
        {email && (
          <>
            <section aria-labelledby="email-links">
              <h3 id="email-links" className="font-semibold">
                {t('links')}
              </h3>
              {email.links.length === 0 ? (
                <p className="text-muted">{t('noLinks')}</p>
              ) : (
                <ul className="mt-1 list-disc pl-5">
                  {email.links.map((link) => (
                    <li key={link}>
                      <a href={link} target="_blank" rel="noopener noreferrer" className="break-all text-accent hover:underline" data-testid="outbox-link">
                        {link}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="email-text">
              <h3 id="email-text" className="font-semibold">
                {t('text')}
              </h3>
              <pre className="mt-1 rounded bg-surface-2 p-3 font-sans text-sm break-words whitespace-pre-wrap" data-testid="outbox-text">
                {email.text}
              </pre>
            </section>
            <section aria-labelledby="email-html">
              <h3 id="email-html" className="font-semibold">
                {t('html')}
              </h3>
              {/* An empty sandbox: the email's markup cannot run code, reach this page or submit anything. */}
              <iframe
                sandbox=""
                srcDoc={email.html}
                title={t('htmlFrame', { subject: item.subject })}
                referrerPolicy="no-referrer"
                className="mt-1 h-96 w-full rounded border border-line bg-white"
              />
              <details className="mt-2">
                <summary className="cursor-pointer">{t('htmlSource')}</summary>
                <pre className="mt-1 max-h-64 overflow-auto rounded bg-surface-2 p-3 text-xs break-all whitespace-pre-wrap">{email.html}</pre>
              </details>
            </section>
          </>
        )}
      </div>
      <div className="flex justify-end border-t border-line px-5 py-3">
        <button type="button" className={secondaryButton} onClick={onClose} autoFocus>
          {t('close')}
        </button>
      </div>
    </Dialog>
  );
}
