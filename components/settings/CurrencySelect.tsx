'use client';

import { useId, useMemo, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, selectClass } from '@/lib/forms/fields';
import { useText } from '@/lib/i18n/client';
import type { CurrencyOption } from '@/lib/settings/currencies';

// "Peso chileno" matches "peso chi" and "CLP"; accents are not needed to find "Bolívar".
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The currencies sorted by their names in the user's language, with a filter box in front. */
export function CurrencySelect({ currencies, value, registration, error }: { currencies: CurrencyOption[]; value: string; registration: UseFormRegisterReturn; error?: string }) {
  const t = useText('settings');
  const id = useId();
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const words = fold(filter).split(/\s+/).filter(Boolean);
    const list = words.length ? currencies.filter((c) => words.every((w) => fold(`${c.name} ${c.code}`).includes(w))) : currencies;
    // The chosen currency stays an option, or the select would silently change it.
    const chosen = currencies.find((c) => c.code === value);
    return chosen && !list.includes(chosen) ? [chosen, ...list] : list;
  }, [filter, currencies, value]);
  const selected = currencies.find((c) => c.code === value);

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {t('currency')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          aria-label={t('currencyFilter')}
          aria-controls={id}
          placeholder={t('currencyFilter')}
          className={`${selectClass} sm:w-48`}
          data-testid="currency-filter"
        />
        <select
          id={id}
          {...registration}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className={selectClass}
          data-testid="currency-select"
        >
          {shown.map((c) => (
            <option key={c.code} value={c.code}>
              {t('currencyOption', { name: c.name, code: c.code })}
            </option>
          ))}
        </select>
      </div>
      <p id={`${id}-hint`} className="text-muted mt-1 text-xs">
        {selected ? t('currencyHint', { code: selected.code, digits: selected.minorUnits }) : ''}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
