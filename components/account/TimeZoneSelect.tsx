'use client';

import { useMemo } from 'react';
import { FilterableSelect } from '@/components/ui/FilterableSelect';
import { useText } from '@/lib/i18n/client';

/** "America/Argentina/Buenos_Aires" → "America / Argentina / Buenos Aires". */
function zoneLabel(zone: string): string {
  return zone.replace(/_/g, ' ').replace(/\//g, ' / ');
}

/** "buenos aires" and "argentina/buenos" both find "America/Argentina/Buenos_Aires". */
const spaced = (text: string) => text.toLowerCase().replace(/[_/]/g, ' ');

/** Every zone in a combobox: "santiago" finds "America/Santiago". */
export function TimeZoneSelect({
  zones,
  value,
  onChange,
  onBlur,
  error,
}: {
  zones: string[];
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
  error?: string;
}) {
  const t = useText('account');
  const options = useMemo(() => {
    // A zone the list lacks is still shown, or the select would silently change it.
    const all = value && !zones.includes(value) ? [value, ...zones] : zones;
    return all.map((zone) => ({ value: zone, label: zoneLabel(zone), text: zone }));
  }, [zones, value]);

  return (
    <FilterableSelect
      label={t('timeZone')}
      filterLabel={t('timeZoneFilter')}
      options={options}
      value={value}
      normalize={spaced}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      testId="timezone-filter"
    />
  );
}
