'use client';

import { useText } from '@/lib/i18n/client';
import { PasswordForm } from './PasswordForm';
import { SessionsList } from './SessionsList';

/** Password change and signed-in devices; a new password reloads the list (others were signed out). */
export function SecurityTab({ timeZone }: { timeZone: string }) {
  const t = useText('account');
  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="password-heading">
        <h3 id="password-heading" className="mb-4 text-base font-semibold">
          {t('passwordTitle')}
        </h3>
        <PasswordForm />
      </section>
      <section aria-labelledby="devices-heading">
        <h3 id="devices-heading" className="text-base font-semibold">
          {t('devicesTitle')}
        </h3>
        <p className="mb-4 text-sm text-muted">{t('devicesLead')}</p>
        <SessionsList timeZone={timeZone} />
      </section>
    </div>
  );
}
