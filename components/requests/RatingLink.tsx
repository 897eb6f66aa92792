'use client';

import { useState, useSyncExternalStore } from 'react';
import { Notice } from '@/components/ui/Notice';
import { ApiError, api } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { pathFor } from '@/lib/routes/match';
import { RatingForm } from './RatingForm';

const unchanging = () => () => {};
const tokenOfAddress = () => new URLSearchParams(location.search).get('token') || null;
const notOnServer = () => undefined;

/**
 * The emailed link's form. The token is read in the browser, so the page is the same for
 * everyone; it goes with the rating instead of a session. A link that no longer works
 * (reopened, too old, changed too often) ends in its reason and the way to the account.
 */
export function RatingLink() {
  const t = useText('requests');
  const locale = useLocale();
  const token = useSyncExternalStore(unchanging, tokenOfAddress, notOnServer);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const toAccount = (
    <a href={pathFor('accountTab', locale, { tab: 'requests' })} className="font-medium text-accent hover:underline">
      {t('toAccount')}
    </a>
  );
  if (outcome)
    return (
      <Notice tone={outcome.ok ? 'success' : 'error'} title={outcome.ok ? t('ratingDoneTitle') : t('ratingLinkInvalidTitle')} text={outcome.message}>
        {toAccount}
      </Notice>
    );
  if (token === null) return <Notice tone="error" title={t('ratingLinkIncompleteTitle')} text={t('ratingLinkIncomplete')} />;
  if (token === undefined) return null;
  return (
    <RatingForm
      submitLabel={t('ratingSend')}
      onSubmit={async (values) => {
        try {
          const res = await api<{ message: string }>('requests/rating', { json: { ...values, token }, session: false });
          setOutcome({ ok: true, message: res.message });
        } catch (error) {
          // The link itself is refused (or spent): nothing on the form can fix that.
          if (error instanceof ApiError && (error.fields.token || error.status === 409))
            return setOutcome({ ok: false, message: error.fields.token ?? error.message });
          throw error;
        }
      }}
    />
  );
}
