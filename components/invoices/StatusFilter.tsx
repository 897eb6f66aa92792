'use client';

import { useAtom, type PrimitiveAtom } from 'jotai';
import { Select } from '@/components/ui/Select';
import { useText } from '@/lib/i18n/client';

const STATUSES = ['', 'draft', 'sent', 'viewed', 'partial', 'paid', 'overdue', 'void'] as const;

/** The status filter of an invoice list; `drafts` only for root (the project never sees them). */
export function StatusFilter({ filter, drafts }: { filter: PrimitiveAtom<string>; drafts: boolean }) {
  const t = useText('invoices');
  const [value, setValue] = useAtom(filter);
  const options = STATUSES.filter((s) => drafts || s !== 'draft').map((s) => ({ value: s, label: s ? t(`status.${s}`) : t('status.all') }));
  return <Select value={value} onChange={setValue} options={options} aria-label={t('filter')} compact className="w-48" testId="invoice-status-filter" />;
}
