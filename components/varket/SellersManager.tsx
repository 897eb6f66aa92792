'use client';

import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { Store } from 'lucide-react';
import { useState } from 'react';
import { primaryButton, rowButton } from '@/components/ui/buttons';
import { DataTable, cardCell } from '@/components/ui/DataTable';
import { EmptyState } from '@/components/ui/EmptyState';
import { formatDate } from '@/lib/format';
import { settled } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { sellersQuery, settingsQuery } from '@/lib/varket/queries';
import type { SellerView } from '@/lib/varket/schemas';
import { DefaultRateForm } from './DefaultRateForm';
import { useVarketWrite } from './use-varket-write';

const SellerDialog = dynamic(() => import('./SellerDialog').then((m) => m.SellerDialog), { ssr: false });
const ConfirmDialog = dynamic(() => import('@/components/ui/ConfirmDialog').then((m) => m.ConfirmDialog), { ssr: false });

type Actions = { create: boolean; update: boolean; delete: boolean };

/** The project's sellers, their rate and payout state, and the project's default rate. */
export function SellersManager({ sellers: initial, defaultRate, may }: { sellers: SellerView[]; defaultRate: string; may: Actions }) {
  const t = useText('varket');
  const te = useText('errors');
  const locale = useLocale();
  const { data: sellers } = useQuery({ ...sellersQuery(), initialData: initial });
  const { data: settings } = useQuery({ ...settingsQuery(), initialData: { defaultCommissionRate: defaultRate } });
  const [editing, setEditing] = useState<SellerView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SellerView | null>(null);
  const write = useVarketWrite();

  return (
    <div className="space-y-6">
      {may.update && <DefaultRateForm rate={settings.defaultCommissionRate} />}
      {may.create && (
        <button type="button" className={primaryButton} onClick={() => setEditing('new')} data-testid="varket-seller-new">
          {t('ui.newSeller')}
        </button>
      )}
      {sellers.length === 0 ? (
        <EmptyState icon={Store} text={t('ui.emptySellers')} />
      ) : (
        <DataTable
          cards
          testId="varket-sellers"
          columns={[
            { label: t('fields.name') },
            { label: t('fields.status') },
            { label: t('fields.commissionRate') },
            { label: t('fields.payoutDetails') },
            { label: t('fields.nextPayoutOn') },
            { label: t('ui.actions'), hidden: true },
          ]}
        >
          {sellers.map((s) => (
            <tr key={s.id} data-testid="varket-seller-row">
              <td className={`px-3 py-2 ${cardCell}`}>
                <span className="font-medium">{s.name}</span>
                <span className="block text-xs text-muted">
                  {s.email} · {s.member ? t('ui.member') : t('ui.external')}
                </span>
              </td>
              <td className={`px-3 py-2 ${cardCell}`} data-label={t('fields.status')}>
                {t(`sellerStatus.${s.status}`)}
              </td>
              <td className={`px-3 py-2 ${cardCell}`} data-label={t('fields.commissionRate')}>
                {t('ui.rate', { rate: s.effectiveRate })}
              </td>
              <td className={`px-3 py-2 ${cardCell}`} data-label={t('fields.payoutDetails')}>
                {s.hasPayoutDetails ? t('ui.payoutOnFile') : t('ui.noPayout')}
              </td>
              <td className={`px-3 py-2 ${cardCell}`} data-label={t('fields.nextPayoutOn')}>
                {s.nextPayoutOn ? formatDate(`${s.nextPayoutOn}T12:00:00Z`, locale, 'UTC') : '—'}
              </td>
              <td className={`px-3 py-2 ${cardCell}`}>
                <span className="flex gap-2">
                  {may.update && (
                    <button type="button" className={rowButton} onClick={() => setEditing(s)} aria-label={t('ui.edit', { name: s.name })}>
                      {t('ui.editShort')}
                    </button>
                  )}
                  {may.delete && (
                    <button type="button" className={rowButton} onClick={() => setDeleting(s)} aria-label={t('ui.delete', { name: s.name })}>
                      {t('ui.deleteShort')}
                    </button>
                  )}
                </span>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {editing && <SellerDialog seller={editing === 'new' ? null : editing} defaultRate={settings.defaultCommissionRate} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('ui.delete', { name: deleting.name })}
          text={t('ui.deleteConfirm', { name: deleting.name })}
          confirmLabel={t('ui.delete', { name: deleting.name })}
          cancelLabel={t('ui.cancel')}
          onConfirm={() => settled(() => write.mutateAsync({ path: `varket/sellers/${deleting.id}`, method: 'DELETE' }), te)}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
