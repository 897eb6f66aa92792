'use client';

import { useState, type FormEvent } from 'react';
import { primaryButton, secondaryButton } from '@/components/ui/buttons';
import { RANGE_PRESETS } from '@/lib/eventlogs/limits';
import type { Range } from '@/lib/eventlogs/queries';
import { useText } from '@/lib/i18n/client';

/** The presets as toggle buttons, and a custom range of two dates. */
export function RangePicker({ range, onChange, from, to }: { range: Range; onChange: (r: Range) => void; from: string; to: string }) {
  const t = useText('eventLogs');
  const [custom, setCustom] = useState('from' in range);
  const [dates, setDates] = useState({ from, to });
  const [problem, setProblem] = useState<string | null>(null);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (!dates.from || !dates.to || dates.from > dates.to) return setProblem(t('rangeInvalid'));
    setProblem(null);
    onChange({ from: dates.from, to: dates.to });
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('range')}>
        {RANGE_PRESETS.map((days) => {
          const on = !custom && 'days' in range && range.days === days;
          return (
            <button
              key={days}
              type="button"
              aria-pressed={on}
              className={on ? primaryButton : secondaryButton}
              onClick={() => {
                setCustom(false);
                onChange({ days });
              }}
              data-testid={`range-${days}`}
            >
              {t('lastDays', { days })}
            </button>
          );
        })}
        <button
          type="button"
          aria-pressed={custom}
          className={custom ? primaryButton : secondaryButton}
          onClick={() => setCustom(true)}
          data-testid="range-custom"
        >
          {t('custom')}
        </button>
      </div>
      {custom && (
        <form onSubmit={apply} noValidate className="flex flex-wrap items-end gap-3" data-testid="range-form">
          <label className="flex flex-col gap-1 text-sm">
            {t('from')}
            <input
              type="date"
              value={dates.from}
              onChange={(e) => setDates({ ...dates, from: e.target.value })}
              className="rounded-control border border-line bg-surface px-3 py-1.5"
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            {t('to')}
            <input
              type="date"
              value={dates.to}
              onChange={(e) => setDates({ ...dates, to: e.target.value })}
              className="rounded-control border border-line bg-surface px-3 py-1.5"
            />
          </label>
          <button type="submit" className={primaryButton}>
            {t('apply')}
          </button>
          {problem && (
            <p className="w-full text-sm text-red-700 dark:text-red-400" role="alert">
              {problem}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
