'use client';

import { Notice } from '@/components/ui/Notice';
import { SubmitButton } from '@/lib/forms/fields';
import { useLocale, useText } from '@/lib/i18n/client';
import { pathFor } from '@/lib/routes/match';
import { CaptchaField } from './CaptchaField';
import { useLinkForm } from './use-link-form';

/** The emailed link's page: a captcha and one button, then the result. */
export function EmailConfirmation() {
  const t = useText('auth');
  const locale = useLocale();
  const { outcome, token, captcha, busy, onSubmit, captchaError } = useLinkForm('auth/emailConfirmation');

  // A full load, so the dashboard is rendered again without the warning bar.
  const toDashboard = (
    <a href={pathFor('dashboard', locale)} className="font-medium text-accent hover:underline" data-testid="to-dashboard">
      {t('toDashboard')}
    </a>
  );
  if (outcome?.ok)
    return (
      <Notice tone="success" title={t('confirmedTitle')} text={outcome.message}>
        {toDashboard}
      </Notice>
    );
  if (outcome)
    return (
      <Notice tone="error" title={t('linkInvalidTitle')} text={outcome.message}>
        {toDashboard}
      </Notice>
    );
  if (token === null) return <Notice tone="error" title={t('linkIncompleteTitle')} text={t('linkIncomplete')} />;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="email-confirmation-form">
      <p className="text-sm">{t('confirmLead')}</p>
      <CaptchaField {...captcha.field} error={captchaError} />
      <SubmitButton busy={busy} busyLabel={captcha.busyLabel} disabled={!token}>
        {t('confirmSubmit')}
      </SubmitButton>
    </form>
  );
}
