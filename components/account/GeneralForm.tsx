'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { PasswordField, SubmitButton, TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';
import { Notice } from '@/components/ui/Notice';
import { AvatarPicker } from './AvatarPicker';
import { TimeZoneSelect } from './TimeZoneSelect';

type GeneralUser = { name: string; email: string; timeZone: string; avatar: string | null };
type Saved = { user: GeneralUser; message: string; emailPending: string | null };

/** Name, email (with the current password; applied once the new address is confirmed), time zone and avatar. */
export function GeneralForm({ user, zones, emailPending }: { user: GeneralUser; zones: string[]; emailPending: string | null }) {
  const t = useText('account');
  const router = useRouter();
  const [avatar, setAvatar] = useState<File | null>(null);
  const [currentAvatar, setCurrentAvatar] = useState(user.avatar);
  const [pending, setPending] = useState(emailPending);
  const save = useMutation({ mutationFn: (body: FormData) => api<Saved>('auth/accountGeneral', { form: body }) });
  // The schema knows the address on file: a different one needs the current password.
  const { form, submit, errorOf, bind, busy } = useApiForm(() => import('@/lib/auth/schemas').then((m) => m.accountGeneralSchemaFor(user.email)), {
    defaultValues: { name: user.name, email: user.email, timeZone: user.timeZone, currentPassword: '' },
    schemaKey: user.email,
    onSubmit: async ({ currentPassword, ...values }) => {
      const body = new FormData();
      // The password travels only with the change it authorises.
      body.append('json', JSON.stringify(values.email === user.email.toLowerCase() ? values : { ...values, currentPassword }));
      if (avatar) body.append('avatar', avatar);
      const saved = await save.mutateAsync(body);
      alerts.push({ type: 'success', title: saved.message });
      setPending(saved.emailPending);
      setCurrentAvatar(saved.user.avatar);
      setAvatar(null);
      // The address on file stays until the new one is confirmed.
      form.reset({ name: saved.user.name, email: saved.user.email, timeZone: saved.user.timeZone, currentPassword: '' });
      // The app bar and its menu, rendered on the server, show the user's name and avatar;
      // the dates across the pages follow the time zone.
      router.refresh();
    },
  });

  const typed = form.watch('email') ?? '';
  const changingEmail = typed.trim().toLowerCase() !== user.email.toLowerCase();

  return (
    <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-5" data-testid="account-general-form">
      <AvatarPicker current={currentAvatar} name={form.watch('name') || user.name} file={avatar} onChange={setAvatar} error={errorOf('avatar')} />
      <TextField label={t('name')} autoComplete="name" required {...bind('name')} />
      <div>
        <TextField label={t('email')} type="email" inputMode="email" autoComplete="email" required {...bind('email')} hint={t('emailHint')} />
        {changingEmail && (
          <div className="mt-4">
            <PasswordField label={t('currentPassword')} autoComplete="current-password" required hint={t('emailPasswordHint')} {...bind('currentPassword')} />
          </div>
        )}
        {pending && (
          <div className="mt-2">
            <Notice tone="info" title={t('emailPendingTitle')} text={t('emailPending', { email: pending })} />
          </div>
        )}
      </div>
      <Controller
        control={form.control}
        name="timeZone"
        render={({ field }) => (
          <TimeZoneSelect zones={zones} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} error={errorOf('timeZone')} />
        )}
      />
      <div className="sm:w-48">
        <SubmitButton busy={busy}>{t('save')}</SubmitButton>
      </div>
    </form>
  );
}
