'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useText } from '@/lib/i18n/client';
import { mySalesQuery } from '@/lib/varket/queries';
import { MonthNav } from './MonthNav';
import { SalesTable } from './SalesTable';
import { TotalsTable } from './TotalsTable';

/** A member's own sales as a seller, month by month; read-only. */
export function MySales({ today, isSeller }: { today: string; isSeller: boolean }) {
  const t = useText('varket');
  const [month, setMonth] = useState(today.slice(0, 7));
  const mine = useQuery({ ...mySalesQuery(month), enabled: isSeller });
  if (!isSeller) return <p className="text-muted">{t('ui.notASeller')}</p>;
  return (
    <div className="space-y-6">
      <MonthNav month={month} onChange={setMonth} />
      <TotalsTable totals={mine.data?.totals ?? []} />
      {mine.data && <SalesTable sales={mine.data.sales} />}
    </div>
  );
}
