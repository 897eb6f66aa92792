'use client';

import { useSearchParams } from 'next/navigation';
import { Notice } from '@/components/ui/Notice';
import { ENDED_PARAM } from '@/lib/auth/hint';
import { useText } from '@/lib/i18n/client';

/** Says why a device that was signed in lands on the login form. */
export function SessionEndedNotice() {
  const t = useText('auth');
  if (useSearchParams().get(ENDED_PARAM) !== '1') return null;
  return (
    <div className="mb-4">
      <Notice tone="info" title={t('sessionEndedTitle')} text={t('sessionEndedText')} />
    </div>
  );
}
