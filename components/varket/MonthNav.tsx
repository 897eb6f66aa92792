'use client';

import { rowButton } from '@/components/ui/buttons';
import { useLocale, useText } from '@/lib/i18n/client';
import { dateTimeFormat } from '@/lib/format/intl';

/** "2026-05" moved by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The month shown, with buttons to the one before and after. */
export function MonthNav({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  const t = useText('varket');
  const locale = useLocale();
  const label = dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
  return (
    <div className="flex items-center gap-2">
      <button type="button" className={rowButton} onClick={() => onChange(shiftMonth(month, -1))} aria-label={t('ui.previousMonth')}>
        ‹
      </button>
      <span className="min-w-36 text-center font-medium" aria-live="polite" data-testid="varket-month">
        {label}
      </span>
      <button type="button" className={rowButton} onClick={() => onChange(shiftMonth(month, 1))} aria-label={t('ui.nextMonth')}>
        ›
      </button>
    </div>
  );
}
