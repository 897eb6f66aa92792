'use client';

import { useState } from 'react';
import { CaptchaField, useCaptcha } from '@/components/auth/CaptchaField';
import { useLinkToken } from '@/components/auth/use-link-token';
import { Notice } from '@/components/ui/Notice';
import { emailChangeUndoSchema } from '@/lib/auth/schemas';
import { SubmitButton } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api, ApiError } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { pathFor } from '@/lib/routes/match';

type Outcome = { ok: boolean; message: string };

/** The undo link's page (sent to the old address): a captcha and one button, then the result. */
export function EmailChangeUndo() {
  const t = useText('auth');
  const locale = useLocale();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { form, submit, errorOf, busy } = useApiForm(emailChangeUndoSchema, {
    defaultValues: { token: '', captchaCode: '' },
    onSubmit: async (values) => {
      const { message } = await api<{ message: string }>('auth/emailChangeUndo', { json: values, session: false });
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

  if (outcome?.ok)
    return (
      <Notice tone="success" title={t('undoneTitle')} text={outcome.message}>
        {/* Whoever changed the address may know the password: the next step is a new one. */}
        <a href={pathFor('forgotPassword', locale)} className="font-medium text-accent hover:underline" data-testid="undo-new-password">
          {t('undoNewPassword')}
        </a>
      </Notice>
    );
  if (outcome) return <Notice tone="error" title={t('linkInvalidTitle')} text={outcome.message} />;
  if (token === null) return <Notice tone="error" title={t('linkIncompleteTitle')} text={t('linkIncomplete')} />;

  return (
    <form onSubmit={captcha.whenSolved(submit)} noValidate className="flex flex-col gap-4" data-testid="email-change-undo-form">
      <p className="text-sm">{t('undoLead')}</p>
      <CaptchaField {...captcha.field} error={errorOf('captchaCode')} />
      <SubmitButton busy={busy || captcha.waiting} disabled={!token}>
        {t('undoSubmit')}
      </SubmitButton>
    </form>
  );
}
