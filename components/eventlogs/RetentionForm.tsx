'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { primaryButton } from '@/components/ui/buttons';
import { eventLogsKeys } from '@/lib/eventlogs/queries';
import { EVENT_LOG_LIMITS as L } from '@/lib/eventlogs/limits';
import { api } from '@/lib/http/api-client';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';

/** How many days events are kept; older ones go at the next hourly sweep. */
export function RetentionForm({ retentionDays }: { retentionDays: number }) {
  const t = useText('eventLogs');
  const client = useQueryClient();
  const [saved, setSaved] = useState(false);
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/eventlogs/schemas').then((m) => m.retentionSchema), {
    defaultValues: { retentionDays: String(retentionDays) },
    onSubmit: async (values) => {
      setSaved(false);
      await api('eventlogs/settings', { method: 'PUT', json: values });
      await client.invalidateQueries({ queryKey: eventLogsKeys.all });
      setSaved(true);
    },
  });
  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-3 rounded-card border border-line p-4" data-testid="retention-form">
      <h2 className="text-lg font-semibold">{t('retentionTitle')}</h2>
      <TextField
        label={t('retentionDays')}
        hint={t('retentionHint', { min: L.retentionMinDays, max: L.retentionMaxDays })}
        inputMode="numeric"
        required
        registration={form.register('retentionDays')}
        error={errorOf('retentionDays')}
      />
      <div className="flex items-center gap-3">
        <button type="submit" className={primaryButton} disabled={busy}>
          {t('save')}
        </button>
        <span role="status" className="text-sm text-muted">
          {saved ? t('retentionSaved') : ''}
        </span>
      </div>
    </form>
  );
}
