'use client';

import { Link } from '@/components/ui/Link';
import { useState } from 'react';
import { SubmitButton, TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { pathFor } from '@/lib/routes/match';
import { CaptchaField, useCaptcha } from './CaptchaField';
import { Notice } from '@/components/ui/Notice';

export function ForgotPasswordForm() {
  const t = useText('auth');
  const locale = useLocale();
  const [sent, setSent] = useState<string | null>(null);
  const { form, submit, errorOf, bind, busy } = useApiForm(() => import('@/lib/auth/schemas').then((m) => m.forgotPasswordSchema), {
    defaultValues: { email: '', captchaCode: '' },
    onSubmit: async (values) => {
      const { message } = await api<{ message: string }>('auth/forgotPassword', { json: values, session: false });
      setSent(message);
    },
    onFailure: () => captcha.reset(),
  });
  const captcha = useCaptcha(form);

  if (sent)
    return (
      <Notice tone="success" title={t('forgotSentTitle')} text={sent}>
        <Link href={pathFor('login', locale)} className="font-medium text-accent hover:underline">
          {t('backToLogin')}
        </Link>
      </Notice>
    );

  return (
    <form onSubmit={captcha.whenSolved(submit)} noValidate className="flex flex-col gap-4" data-testid="forgot-form">
      <TextField label={t('email')} type="email" inputMode="email" autoComplete="email" required {...bind('email')} />
      <CaptchaField {...captcha.field} error={errorOf('captchaCode')} />
      <SubmitButton busy={busy || captcha.waiting} busyLabel={captcha.busyLabel}>
        {t('forgotSubmit')}
      </SubmitButton>
      <p className="text-center text-sm">
        <Link href={pathFor('login', locale)} className="text-accent hover:underline">
          {t('backToLogin')}
        </Link>
      </p>
    </form>
  );
}
