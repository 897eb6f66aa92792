'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '@/lib/auth/queries';
import { NewPasswordFields, PasswordField, SubmitButton } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';

/** Changing the password signs every other device out: the device list is read again. */
export function PasswordForm() {
  const t = useText('account');
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (json: { currentPassword: string; newPassword: string }) => api<{ message: string }>('auth/accountPassword', { json }),
    onSuccess: () => client.invalidateQueries({ queryKey: authKeys.sessions() }),
  });
  const { form, submit, bind, busy } = useApiForm(() => import('@/lib/auth/schemas').then((m) => m.accountPasswordFormSchema), {
    defaultValues: { currentPassword: '', newPassword: '', newPasswordConfirm: '' },
    onSubmit: async ({ currentPassword, newPassword }) => {
      const { message } = await change.mutateAsync({ currentPassword, newPassword });
      alerts.push({ type: 'success', title: message });
      form.reset();
    },
  });

  return (
    <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-4" data-testid="account-password-form">
      <PasswordField label={t('currentPassword')} autoComplete="current-password" required {...bind('currentPassword')} />
      <NewPasswordFields
        label={t('newPassword')}
        confirmLabel={t('newPasswordConfirm')}
        hint={t('passwordHint')}
        password={bind('newPassword')}
        confirm={bind('newPasswordConfirm')}
      />
      <div className="sm:w-56">
        <SubmitButton busy={busy}>{t('changePassword')}</SubmitButton>
      </div>
    </form>
  );
}
