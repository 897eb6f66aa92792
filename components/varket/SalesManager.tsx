'use client';

import { useQuery } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { primaryButton, secondaryButton } from '@/components/ui/buttons';
import { Select } from '@/components/ui/Select';
import { useText } from '@/lib/i18n/client';
import { salesMonthAtom, salesSellerAtom } from '@/lib/varket/atoms';
import { periodQuery, plansQuery, salesQuery, sellersQuery, totalsQuery } from '@/lib/varket/queries';
import type { SaleView } from '@/lib/varket/schemas';
import { MonthNav } from './MonthNav';
import { SalesTable } from './SalesTable';
import { TotalsTable } from './TotalsTable';

const SaleDialog = dynamic(() => import('./SaleDialog').then((m) => m.SaleDialog), { ssr: false });
const RefundDialog = dynamic(() => import('./RefundDialog').then((m) => m.RefundDialog), { ssr: false });

/**
 * The sellers' sales of one month: the totals per seller, the sales, the CSV of the same
 * filter, and (for whoever records sales) recording sales and refunds. `today` is the
 * project's day, which also picks the month shown first.
 */
export function SalesManager({ today, canRecord }: { today: string; canRecord: boolean }) {
  const t = useText('varket');
  const [storedMonth, setMonth] = useAtom(salesMonthAtom);
  const [sellerId, setSellerId] = useAtom(salesSellerAtom);
  const month = storedMonth || today.slice(0, 7);
  const sales = useQuery(salesQuery(month, sellerId));
  const totals = useQuery(totalsQuery(month, sellerId));
  const sellers = useQuery(sellersQuery());
  const plans = useQuery({ ...plansQuery(), enabled: canRecord });
  const [recording, setRecording] = useState(false);
  const [refunding, setRefunding] = useState<SaleView | null>(null);

  // The sale dialog needs both lists: its buttons wait for them.
  const ready = !!plans.data && !!sellers.data;
  const sellerOptions = [{ value: '', label: t('ui.allSellers') }, ...(sellers.data ?? []).map((s) => ({ value: s.id, label: s.name }))];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <MonthNav month={month} onChange={setMonth} />
        <Select
          compact
          className="w-56"
          aria-label={t('fields.seller')}
          value={sellerId}
          onChange={setSellerId}
          options={sellerOptions}
          testId="varket-seller-filter"
        />
        <a className={secondaryButton} href={`/api/varket/sales/csv?${periodQuery(month, sellerId)}`} download data-testid="varket-csv">
          {t('ui.exportCsv')}
        </a>
        {canRecord && (
          <button type="button" className={`${primaryButton} sm:ms-auto`} onClick={() => setRecording(true)} disabled={!ready} data-testid="varket-sale-new">
            {t('ui.recordSale')}
          </button>
        )}
      </div>
      <section aria-labelledby="varket-totals-title" className="space-y-2">
        <h2 id="varket-totals-title" className="text-lg font-semibold">
          {t('ui.totalsTitle')}
        </h2>
        <TotalsTable totals={totals.data ?? []} />
      </section>
      <section aria-labelledby="varket-sales-title" className="space-y-2" aria-busy={sales.isPending || undefined}>
        <h2 id="varket-sales-title" className="text-lg font-semibold">
          {t('ui.salesListTitle')}
        </h2>
        {sales.data && <SalesTable sales={sales.data} onRefund={canRecord ? setRefunding : undefined} />}
      </section>
      {recording && plans.data && sellers.data && <SaleDialog plans={plans.data} sellers={sellers.data} today={today} onClose={() => setRecording(false)} />}
      {refunding && <RefundDialog sale={refunding} today={today} onClose={() => setRefunding(null)} />}
    </div>
  );
}
