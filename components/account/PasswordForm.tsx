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
  const { form, submit, errorOf, busy } = useApiForm(accountPasswordFormSchema, {
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
      <PasswordField label={t('currentPassword')} autoComplete="current-password" required registration={form.register('currentPassword')} error={errorOf('currentPassword')} />
      <NewPasswordFields
        label={t('newPassword')}
        confirmLabel={t('newPasswordConfirm')}
        hint={t('passwordHint')}
        registration={form.register('newPassword')}
        confirmRegistration={form.register('newPasswordConfirm')}
        error={errorOf('newPassword')}
        confirmError={errorOf('newPasswordConfirm')}
      />
      <div className="sm:w-56">
        <SubmitButton busy={busy}>{t('changePassword')}</SubmitButton>
      </div>
    </form>
  );
}
