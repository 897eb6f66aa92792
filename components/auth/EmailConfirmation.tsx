'use client';

import { useState } from 'react';
import { emailConfirmationSchema } from '@/lib/auth/schemas';
import { SubmitButton } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api, ApiError } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { pathFor } from '@/lib/routes/match';
import { CaptchaField, useCaptcha } from './CaptchaField';
import { Notice } from '@/components/ui/Notice';
import { useLinkToken } from './use-link-token';

type Outcome = { ok: boolean; message: string };

/** The emailed link's page: a captcha and one button, then the result. */
export function EmailConfirmation() {
  const t = useText('auth');
  const locale = useLocale();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { form, submit, errorOf, busy } = useApiForm(emailConfirmationSchema, {
    defaultValues: { token: '', captchaCode: '' },
    onSubmit: async (values) => {
      const { message } = await api<{ message: string }>('auth/emailConfirmation', { json: values, session: false });
      setOutcome({ ok: true, message });
    },
    onFailure: (error) => {
      captcha.reset();
      // A used or expired link cannot be retried; a captcha problem can.
      if (error instanceof ApiError && error.fields.token) setOutcome({ ok: false, message: error.fields.token });
    },
  });
  const captcha = useCaptcha(form);
  const token = useLinkToken(form);

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
    <form onSubmit={captcha.whenSolved(submit)} noValidate className="flex flex-col gap-4" data-testid="email-confirmation-form">
      <p className="text-sm">{t('confirmLead')}</p>
      <CaptchaField {...captcha.field} error={errorOf('captchaCode')} />
      <SubmitButton busy={busy || captcha.waiting} disabled={!token}>
        {t('confirmSubmit')}
      </SubmitButton>
    </form>
  );
}
