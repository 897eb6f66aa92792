'use client';

import { useState } from 'react';
import { NewPasswordFields, SubmitButton } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { pathFor } from '@/lib/routes/match';
import { Notice } from '@/components/ui/Notice';
import { useLinkToken } from './use-link-token';

export function ResetPasswordForm() {
  const t = useText('auth');
  const locale = useLocale();
  const [done, setDone] = useState<string | null>(null);
  const { form, submit, errorOf, bind, busy } = useApiForm(() => import('@/lib/auth/schemas').then((m) => m.resetPasswordFormSchema), {
    defaultValues: { token: '', newPassword: '', newPasswordConfirm: '' },
    onSubmit: async ({ token, newPassword }) => {
      const { message } = await api<{ message: string }>('auth/resetPassword', { json: { token, newPassword }, session: false });
      setDone(message);
    },
  });
  const token = useLinkToken(form);

  // A full load to the login page: every session of the user has just ended.
  const toLogin = (
    <a href={pathFor('login', locale)} className="font-medium text-accent hover:underline">
      {t('loginLink')}
    </a>
  );
  if (done)
    return (
      <Notice tone="success" title={t('resetDoneTitle')} text={done}>
        {toLogin}
      </Notice>
    );
  if (token === null) return <Notice tone="error" title={t('linkIncompleteTitle')} text={t('linkIncomplete')} />;

  const tokenError = errorOf('token');
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="reset-form">
      {tokenError && <Notice tone="error" title={t('linkInvalidTitle')} text={tokenError} />}
      <NewPasswordFields
        label={t('newPassword')}
        confirmLabel={t('newPasswordConfirm')}
        hint={t('passwordHint')}
        password={bind('newPassword')}
        confirm={bind('newPasswordConfirm')}
      />
      <SubmitButton busy={busy} disabled={!token}>
        {t('resetSubmit')}
      </SubmitButton>
    </form>
  );
}
