'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { primaryButton } from '@/components/ui/buttons';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { rootKeys } from '@/lib/root/queries';
import { alerts } from '@/lib/shell/alerts';

/** One address; the email goes out through the configured SMTP server at once, and the outbox lists it. */
export function TestEmailForm() {
  const t = useText('rootOutbox');
  const client = useQueryClient();
  const send = useMutation({
    mutationFn: (values: { to: string }) => api<{ message: string }>('root/outbox/test', { json: values }),
    onSuccess: () => client.invalidateQueries({ queryKey: rootKeys.pages('root/outbox') }),
  });
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/root/console-schemas').then((m) => m.testEmailSchema), {
    defaultValues: { to: '' },
    onSubmit: async (values) => {
      const { message } = await send.mutateAsync(values);
      alerts.push({ type: 'success', title: message });
      form.reset({ to: '' });
    },
  });
  return (
    <section aria-labelledby="test-email-title" className="rounded-card border border-line p-4">
      <h2 id="test-email-title" className="font-semibold">
        {t('testTitle')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('testLead')}</p>
      <form onSubmit={submit} noValidate className="mt-3 flex flex-wrap items-start gap-3" data-testid="outbox-test-form">
        <div className="min-w-64 flex-1">
          <TextField
            label={t('testTo')}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            registration={form.register('to')}
            error={errorOf('to')}
          />
        </div>
        <button type="submit" className={`${primaryButton} sm:mt-6`} disabled={busy} aria-busy={busy || undefined} data-testid="outbox-test-submit">
          {busy ? t('testSending') : t('testSend')}
        </button>
      </form>
    </section>
  );
}
