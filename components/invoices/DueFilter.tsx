'use client';

import { Select } from '@/components/ui/Select';
import { DUE_SOON_DAYS } from '@/lib/dashboard/days';
import { useText } from '@/lib/i18n/client';
import { DUE_FILTERS, type DueFilter as Due } from '@/lib/invoices/schemas';

/** Unpaid invoices overdue or due soon (the dashboard home's figures), or any due day. */
export function DueFilter({ value, onChange }: { value: Due | ''; onChange: (due: Due | '') => void }) {
  const t = useText('invoices');
  const options = [{ value: '', label: t('due.any') }, ...DUE_FILTERS.map((d) => ({ value: d, label: t(`due.${d}`, { days: DUE_SOON_DAYS }) }))];
  return (
    <Select
      value={value}
      onChange={(v) => onChange(v as Due | '')}
      options={options}
      aria-label={t('due.label')}
      compact
      className="w-56"
      testId="invoice-due-filter"
    />
  );
}
