'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { primaryButton } from '@/components/ui/buttons';
import { api } from '@/lib/http/api-client';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import { REQUEST_PRIORITIES, SLA_MINUTES_MAX, type SlaTargets } from '@/lib/requests/limits';
import { requestsKeys, slaQuery } from '@/lib/requests/queries';
import { alerts } from '@/lib/shell/alerts';

/** The settings' section for the requests' SLA targets, in minutes per priority. */
export function SlaSettingsForm() {
  const t = useText('requests');
  const { data } = useQuery(slaQuery());
  return (
    <section aria-labelledby="sla-settings-title" className="mt-10">
      <h2 id="sla-settings-title" className="text-lg font-semibold">
        {t('settingsTitle')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted">{t('settingsLead')}</p>
      {data ? <TargetsForm targets={data} /> : <p className="text-muted">…</p>}
    </section>
  );
}

function TargetsForm({ targets }: { targets: SlaTargets }) {
  const t = useText('requests');
  const client = useQueryClient();
  const { submit, bind, busy } = useApiForm(() => import('@/lib/requests/schemas').then((m) => m.slaSchema), {
    defaultValues: targets as never,
    onSubmit: async (values) => {
      const res = await api<{ message: string; data: { targets: SlaTargets } }>('requests/sla', { method: 'PUT', json: values });
      client.setQueryData(requestsKeys.sla(), res.data.targets);
      alerts.push({ type: 'success', text: res.message });
    },
  });
  const input = 'w-full rounded-control border border-line bg-surface px-2 py-1 text-sm focus-visible:border-accent aria-[invalid=true]:border-red-600';
  return (
    <form onSubmit={submit} noValidate data-testid="sla-settings">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left">
            <th scope="col" className="py-1 pr-2 font-medium">
              {t('priorityLabel')}
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              {t('firstResponse')} ({t('minutes')})
            </th>
            <th scope="col" className="py-1 font-medium">
              {t('resolution')} ({t('minutes')})
            </th>
          </tr>
        </thead>
        <tbody>
          {REQUEST_PRIORITIES.map((p) => (
            <tr key={p}>
              <th scope="row" className="py-1 pr-2 text-left font-normal">
                {t(`priority.${p}`)}
              </th>
              {(['firstResponse', 'resolution'] as const).map((k) => {
                const { registration, error } = bind(`${p}.${k}` as never);
                return (
                  <td key={k} className="py-1 pr-2 align-top">
                    <input
                      {...registration}
                      type="number"
                      min={1}
                      max={SLA_MINUTES_MAX}
                      inputMode="numeric"
                      aria-label={`${t(`priority.${p}`)}: ${t(k)}`}
                      aria-invalid={error ? true : undefined}
                      className={input}
                    />
                    {error && <p className="mt-1 text-xs text-red-700 dark:text-red-400">{error}</p>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-3 flex justify-end">
        <button type="submit" className={primaryButton} disabled={busy}>
          {t('saveTargets')}
        </button>
      </div>
    </form>
  );
}
