'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PasswordField, SubmitButton, TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';
import { WHATSAPP_ID_MAX, WHATSAPP_SECRET_MAX } from '@/lib/whatsapp/limits';
import { settingsQuery, whatsappKeys } from '@/lib/whatsapp/queries';
import type { CredentialsInput } from '@/lib/whatsapp/schemas';
import type { WhatsappSettingsView } from '@/lib/whatsapp/types';

const SECRETS = ['accessToken', 'appSecret', 'verifyToken'] as const;

/** The Cloud API credentials. Secrets are write-only: the page only says whether each is set. */
export function WhatsappSettingsForm({ initial }: { initial: WhatsappSettingsView }) {
  const t = useText('whatsapp');
  const client = useQueryClient();
  const { data: settings = initial } = useQuery(settingsQuery(initial));
  const save = useMutation({
    mutationFn: (values: CredentialsInput) => api<{ settings: WhatsappSettingsView; message: string }>('whatsapp/settings', { method: 'PUT', json: values }),
    onSuccess: (res) => client.setQueryData(whatsappKeys.settings(), res.settings),
  });
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/whatsapp/schemas').then((m) => m.credentialsSchema), {
    defaultValues: { phoneNumberId: initial.phoneNumberId, wabaId: initial.wabaId, accessToken: '', appSecret: '', verifyToken: '' },
    onSubmit: async (values) => {
      const res = await save.mutateAsync(values);
      // Typed secrets are not kept in the page once stored.
      for (const name of SECRETS) form.setValue(name, '');
      alerts.push({ type: 'success', title: res.message });
    },
  });
  const isSet = { accessToken: settings.accessTokenSet, appSecret: settings.appSecretSet, verifyToken: settings.verifyTokenSet };

  return (
    <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-5" data-testid="whatsapp-settings-form">
      <TextField
        label={t('phoneNumberId')}
        required
        inputMode="numeric"
        maxLength={WHATSAPP_ID_MAX}
        autoComplete="off"
        registration={form.register('phoneNumberId')}
        error={errorOf('phoneNumberId')}
      />
      <TextField
        label={t('wabaId')}
        required
        inputMode="numeric"
        maxLength={WHATSAPP_ID_MAX}
        autoComplete="off"
        registration={form.register('wabaId')}
        error={errorOf('wabaId')}
      />
      {SECRETS.map((name) => (
        <div key={name}>
          <PasswordField
            label={t(name)}
            maxLength={WHATSAPP_SECRET_MAX}
            autoComplete="off"
            hint={t(isSet[name] ? 'secretSetHint' : 'secretUnsetHint')}
            registration={form.register(name)}
            error={errorOf(name)}
          />
          <p className="mt-1 text-xs font-medium" data-testid={`whatsapp-${name}-state`}>
            {t(isSet[name] ? 'secretSet' : 'secretUnset')}
          </p>
        </div>
      ))}
      <div className="rounded-control border border-line p-3 text-sm">
        <p className="font-medium">{t('webhookUrl')}</p>
        <code className="mt-1 block text-xs break-all" data-testid="whatsapp-webhook-url">
          {settings.webhookUrl}
        </code>
        <p className="mt-1 text-xs text-muted">{t('webhookHint')}</p>
      </div>
      <div className="sm:w-48">
        <SubmitButton busy={busy} busyLabel={t('saving')}>
          {t('save')}
        </SubmitButton>
      </div>
    </form>
  );
}
