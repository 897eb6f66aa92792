'use client';

import { useId, useMemo, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, selectClass } from '@/lib/forms/fields';
import { useText } from '@/lib/i18n/client';

/** "America/Argentina/Buenos_Aires" → "America / Argentina / Buenos Aires". */
function zoneLabel(zone: string): string {
  return zone.replace(/_/g, ' ').replace(/\//g, ' / ');
}

/**
 * A select of every zone with a filter box in front: the select's own type-ahead only
 * matches the start ("America/…"), the filter matches any part ("santiago").
 */
export function TimeZoneSelect({ zones, value, registration, error }: { zones: string[]; value: string; registration: UseFormRegisterReturn; error?: string }) {
  const t = useText('account');
  const id = useId();
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const words = filter.toLowerCase().replace(/[_/]/g, ' ').split(/\s+/).filter(Boolean);
    const list = words.length ? zones.filter((z) => words.every((w) => z.toLowerCase().replace(/[_/]/g, ' ').includes(w))) : zones;
    // The chosen zone stays an option, or the select would silently change it.
    return value && !list.includes(value) ? [value, ...list] : list;
  }, [filter, zones, value]);

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {t('timeZone')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          aria-label={t('timeZoneFilter')}
          aria-controls={id}
          placeholder={t('timeZoneFilter')}
          className={`${selectClass} sm:w-48`}
          data-testid="timezone-filter"
        />
        <select
          id={id}
          {...registration}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={selectClass}
        >
          {shown.map((zone) => (
            <option key={zone} value={zone}>
              {zoneLabel(zone)}
            </option>
          ))}
        </select>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
