'use client';

import { Link } from '@/components/ui/Link';
import { useState } from 'react';
import { PasswordField, SubmitButton, TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { pathFor } from '@/lib/routes/match';
import { afterSignIn } from './after-sign-in';
import { CaptchaField, useCaptcha } from './CaptchaField';
import { useInvitedEmail } from './use-invited-email';

export function LoginForm() {
  const t = useText('auth');
  const locale = useLocale();
  const [leaving, setLeaving] = useState(false);
  const { form, submit, errorOf, bind, busy } = useApiForm(() => import('@/lib/auth/schemas').then((m) => m.loginSchema), {
    defaultValues: { email: '', password: '', captchaCode: '' },
    onSubmit: async (values) => {
      await api('auth', { json: values, session: false });
      setLeaving(true);
      // A full load, so every server component sees the new cookie.
      location.assign(afterSignIn(location.search));
    },
    onFailure: () => captcha.reset(),
  });
  const captcha = useCaptcha(form);
  useInvitedEmail(form);

  return (
    <form onSubmit={captcha.whenSolved(submit)} noValidate className="flex flex-col gap-4" data-testid="login-form">
      <TextField label={t('email')} type="email" inputMode="email" autoComplete="username" required {...bind('email')} />
      <PasswordField label={t('password')} autoComplete="current-password" required {...bind('password')} />
      <p className="-mt-2 text-right text-sm">
        <Link href={pathFor('forgotPassword', locale)} className="text-accent hover:underline">
          {t('forgotPasswordLink')}
        </Link>
      </p>
      <CaptchaField {...captcha.field} error={errorOf('captchaCode')} />
      <SubmitButton busy={busy || captcha.waiting || leaving} busyLabel={captcha.busyLabel}>
        {t('loginSubmit')}
      </SubmitButton>
      <p className="text-center text-sm text-muted">
        {t('noAccount')}{' '}
        <Link href={pathFor('register', locale)} className="font-medium text-accent hover:underline">
          {t('registerLink')}
        </Link>
      </p>
    </form>
  );
}
