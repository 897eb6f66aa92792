'use client';

import { primaryButton } from '@/components/ui/buttons';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { testEmailSchema } from '@/lib/root/console-schemas';
import { alerts } from '@/lib/shell/alerts';

/** One address; the email goes out through the configured SMTP server at once. */
export function TestEmailForm({ onSent }: { onSent: () => void }) {
  const t = useText('rootOutbox');
  const { form, submit, errorOf, busy } = useApiForm(testEmailSchema, {
    defaultValues: { to: '' },
    onSubmit: async (values) => {
      const { message } = await api<{ message: string }>('root/outbox/test', { json: values });
      alerts.push({ type: 'success', title: message });
      form.reset({ to: '' });
      onSent();
    },
  });
  return (
    <section aria-labelledby="test-email-title" className="border-line rounded-lg border p-4">
      <h2 id="test-email-title" className="font-semibold">
        {t('testTitle')}
      </h2>
      <p className="text-muted mt-1 text-sm">{t('testLead')}</p>
      <form onSubmit={submit} noValidate className="mt-3 flex flex-wrap items-start gap-3" data-testid="outbox-test-form">
        <div className="min-w-64 flex-1">
          <TextField label={t('testTo')} type="email" inputMode="email" autoComplete="email" required registration={form.register('to')} error={errorOf('to')} />
        </div>
        <button type="submit" className={`${primaryButton} sm:mt-6`} disabled={busy} aria-busy={busy || undefined} data-testid="outbox-test-submit">
          {busy ? t('testSending') : t('testSend')}
        </button>
      </form>
    </section>
  );
}
