'use client';

import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Store } from 'lucide-react';
import { primaryButton, rowButton } from '@/components/ui/buttons';
import { EmptyState } from '@/components/ui/EmptyState';
import { DataTable, cardCell } from '@/components/ui/DataTable';
import { formatMoney } from '@/lib/format';
import { settled } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { plansQuery } from '@/lib/varket/queries';
import type { PlanView } from '@/lib/varket/schemas';
import { useVarketWrite } from './use-varket-write';

const PlanDialog = dynamic(() => import('./PlanDialog').then((m) => m.PlanDialog), { ssr: false });
const ConfirmDialog = dynamic(() => import('@/components/ui/ConfirmDialog').then((m) => m.ConfirmDialog), { ssr: false });

type Actions = { create: boolean; update: boolean; delete: boolean };

/** The project's plans with what the viewer may do to each. */
export function PlansManager({ plans: initial, may }: { plans: PlanView[]; may: Actions }) {
  const t = useText('varket');
  const te = useText('errors');
  const locale = useLocale();
  const { data: plans } = useQuery({ ...plansQuery(), initialData: initial });
  const [editing, setEditing] = useState<PlanView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PlanView | null>(null);
  const write = useVarketWrite();

  return (
    <div className="space-y-4">
      {may.create && (
        <button type="button" className={primaryButton} onClick={() => setEditing('new')} data-testid="varket-plan-new">
          {t('ui.newPlan')}
        </button>
      )}
      {plans.length === 0 ? (
        <EmptyState icon={Store} text={t('ui.emptyPlans')} />
      ) : (
        <DataTable
          cards
          testId="varket-plans"
          columns={[
            { label: t('fields.name') },
            { label: t('fields.price') },
            { label: t('fields.interval') },
            { label: t('fields.status') },
            { label: t('ui.actions'), hidden: true },
          ]}
        >
          {plans.map((p) => (
            <tr key={p.id} data-testid="varket-plan-row">
              <td className={`px-3 py-2 ${cardCell}`}>
                <span className="font-medium">{p.name}</span>
                {p.description && <span className="block text-xs text-muted">{p.description}</span>}
              </td>
              <td className={`px-3 py-2 ${cardCell}`} data-label={t('fields.price')}>
                {formatMoney(p.price, p.currency, locale)}
              </td>
              <td className={`px-3 py-2 ${cardCell}`} data-label={t('fields.interval')}>
                {t(`interval.${p.interval}`)}
              </td>
              <td className={`px-3 py-2 ${cardCell}`} data-label={t('fields.status')}>
                {t(`planStatus.${p.status}`)}
              </td>
              <td className={`px-3 py-2 ${cardCell}`}>
                <span className="flex gap-2">
                  {may.update && (
                    <button type="button" className={rowButton} onClick={() => setEditing(p)} aria-label={t('ui.edit', { name: p.name })}>
                      {t('ui.editShort')}
                    </button>
                  )}
                  {may.delete && p.sales === 0 && (
                    <button type="button" className={rowButton} onClick={() => setDeleting(p)} aria-label={t('ui.delete', { name: p.name })}>
                      {t('ui.deleteShort')}
                    </button>
                  )}
                </span>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {editing && <PlanDialog plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('ui.delete', { name: deleting.name })}
          text={t('ui.deleteConfirm', { name: deleting.name })}
          confirmLabel={t('ui.delete', { name: deleting.name })}
          cancelLabel={t('ui.cancel')}
          onConfirm={() => settled(() => write.mutateAsync({ path: `varket/plans/${deleting.id}`, method: 'DELETE' }), te)}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
