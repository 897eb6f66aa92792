'use client';

import { accountPasswordFormSchema } from '@/lib/auth/schemas';
import { NewPasswordFields, PasswordField, SubmitButton } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';

/** Changing the password signs every other device out; `onChanged` lets the device list know. */
export function PasswordForm({ onChanged }: { onChanged?: () => void }) {
  const t = useText('account');
  const { form, submit, bind, busy } = useApiForm(accountPasswordFormSchema, {
    defaultValues: { currentPassword: '', newPassword: '', newPasswordConfirm: '' },
    onSubmit: async ({ currentPassword, newPassword }) => {
      const { message } = await api<{ message: string }>('auth/accountPassword', { json: { currentPassword, newPassword } });
      alerts.push({ type: 'success', title: message });
      form.reset();
      onChanged?.();
    },
  });

  return (
    <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-4" data-testid="account-password-form">
      <PasswordField label={t('currentPassword')} autoComplete="current-password" required {...bind('currentPassword')} />
      <NewPasswordFields label={t('newPassword')} confirmLabel={t('newPasswordConfirm')} hint={t('passwordHint')} password={bind('newPassword')} confirm={bind('newPasswordConfirm')} />
      <div className="sm:w-56">
        <SubmitButton busy={busy}>{t('changePassword')}</SubmitButton>
      </div>
    </form>
  );
}
