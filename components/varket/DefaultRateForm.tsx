'use client';

import { secondaryButton } from '@/components/ui/buttons';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';
import { useVarketWrite } from './use-varket-write';

/** The project's default commission, for sellers without a rate of their own (new sales only). */
export function DefaultRateForm({ rate }: { rate: string }) {
  const t = useText('varket');
  const write = useVarketWrite();
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/varket/schemas').then((m) => m.settingsSchema), {
    defaultValues: { defaultCommissionRate: rate },
    onSubmit: async (values) => {
      const saved = await write.mutateAsync({ path: 'varket/settings', method: 'PUT', json: values });
      alerts.push({ type: 'success', title: saved.message });
    },
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
      <div className="w-48">
        <TextField
          label={t('fields.defaultCommissionRate')}
          inputMode="decimal"
          required
          registration={form.register('defaultCommissionRate')}
          error={errorOf('defaultCommissionRate')}
          data-testid="varket-default-rate"
        />
      </div>
      <button type="submit" className={`${secondaryButton} mb-1`} disabled={busy}>
        {t('ui.saveDefault')}
      </button>
    </form>
  );
}
