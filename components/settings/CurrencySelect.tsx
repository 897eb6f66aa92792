'use client';

import { useMemo } from 'react';
import { FilterableSelect } from '@/components/ui/FilterableSelect';
import { fold } from '@/components/ui/fold';
import { useText } from '@/lib/i18n/client';
import type { CurrencyOption } from '@/lib/settings/currencies';

/** The currencies sorted by their names in the user's language, in a combobox. */
export function CurrencySelect({
  currencies,
  value,
  onChange,
  onBlur,
  error,
}: {
  currencies: CurrencyOption[];
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  error?: string;
}) {
  const t = useText('settings');
  // "Peso chileno" is found by "peso chi" and by "CLP"; accents are not needed to find "Bolívar".
  // Kept across renders (the form re-renders on every keystroke) so the select refilters
  // only when the filter or the choice changes.
  const options = useMemo(
    () => currencies.map((c) => ({ value: c.code, label: t('currencyOption', { name: c.name, code: c.code }), text: `${c.name} ${c.code}` })),
    [currencies, t],
  );
  const selected = currencies.find((c) => c.code === value);

  return (
    <FilterableSelect
      label={t('currency')}
      filterLabel={t('currencyFilter')}
      options={options}
      value={value}
      normalize={fold}
      onChange={onChange}
      onBlur={onBlur}
      hint={selected ? t('currencyHint', { code: selected.code, digits: selected.minorUnits }) : ''}
      error={error}
      testId="currency-select"
    />
  );
}
