'use client';

import { Link } from '@/components/ui/Link';
import { useEffect, useState } from 'react';
import { NewPasswordFields, SubmitButton, TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { pathFor } from '@/lib/routes/match';
import { afterSignIn } from './after-sign-in';
import { CaptchaField, useCaptcha } from './CaptchaField';
import { useInvitedEmail } from './use-invited-email';

export function RegisterForm() {
  const t = useText('auth');
  const locale = useLocale();
  const [leaving, setLeaving] = useState(false);
  const { form, submit, errorOf, bind, busy } = useApiForm(() => import('@/lib/auth/schemas').then((m) => m.registerFormSchema), {
    defaultValues: { name: '', email: '', password: '', passwordConfirm: '', captchaCode: '', navTimeZone: '' },
    onSubmit: async ({ captchaCode, name, email, password, navTimeZone }) => {
      await api('auth/register', { json: { captchaCode, name, email, password, navTimeZone }, session: false });
      setLeaving(true);
      // A full load, so the next page (and its email bar) renders for the new cookie; an
      // invitation link sends people here with `redir` back to it.
      location.assign(afterSignIn(location.search));
    },
    onFailure: () => captcha.reset(),
  });
  const captcha = useCaptcha(form);
  useInvitedEmail(form);

  // Only the browser knows its zone; the account starts in it.
  useEffect(() => {
    form.setValue('navTimeZone', Intl.DateTimeFormat().resolvedOptions().timeZone ?? '');
  }, [form]);

  return (
    <form onSubmit={captcha.whenSolved(submit)} noValidate className="flex flex-col gap-4" data-testid="register-form">
      <TextField label={t('name')} autoComplete="name" required {...bind('name')} />
      <TextField label={t('email')} type="email" inputMode="email" autoComplete="email" required {...bind('email')} />
      <NewPasswordFields
        label={t('password')}
        confirmLabel={t('passwordConfirm')}
        hint={t('passwordHint')}
        password={bind('password')}
        confirm={bind('passwordConfirm')}
      />
      <CaptchaField {...captcha.field} error={errorOf('captchaCode')} />
      <SubmitButton busy={busy || captcha.waiting || leaving} busyLabel={captcha.busyLabel}>
        {t('registerSubmit')}
      </SubmitButton>
      <p className="text-center text-sm text-muted">
        {t('haveAccount')}{' '}
        <Link href={pathFor('login', locale)} className="font-medium text-accent hover:underline">
          {t('loginLink')}
        </Link>
      </p>
    </form>
  );
}
