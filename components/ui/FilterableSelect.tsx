'use client';

import { useId, useMemo, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldFrame, selectClass, wiring } from '@/lib/forms/fields';

export type FilterOption = {
  value: string;
  label: string;
  /** What the filter box searches. */
  text: string;
};

/**
 * The options the filter leaves: those whose `text` holds every word typed, both read through
 * `normalize`. The chosen option stays first when filtered out, or the select would silently
 * change it.
 */
export function filterOptions(options: readonly FilterOption[], filter: string, value: string, normalize: (text: string) => string): readonly FilterOption[] {
  const words = normalize(filter).split(/\s+/).filter(Boolean);
  const list = words.length ? options.filter((o) => words.every((w) => normalize(o.text).includes(w))) : options;
  const chosen = options.find((o) => o.value === value);
  return chosen && !list.includes(chosen) ? [chosen, ...list] : list;
}

type Props = {
  label: string;
  /** The filter box's name and placeholder. */
  filterLabel: string;
  /** In the order shown; a caller that memoizes it spares refiltering on unrelated renders. */
  options: readonly FilterOption[];
  value: string;
  /** Applied to the typed words and to each option's text (a module-level function). */
  normalize: (text: string) => string;
  registration: UseFormRegisterReturn;
  /** A line under the select; none when undefined. */
  hint?: string;
  error?: string;
  filterTestId?: string;
  selectTestId?: string;
};

/**
 * A select with a filter box in front: a select's own type-ahead only matches the start of
 * an option, the filter any part of it.
 */
export function FilterableSelect({ label, filterLabel, options, value, normalize, registration, hint, error, filterTestId, selectTestId }: Props) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => filterOptions(options, filter, value, normalize), [options, filter, value, normalize]);

  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          aria-label={filterLabel}
          aria-controls={id}
          placeholder={filterLabel}
          className={`${selectClass} sm:w-48`}
          data-testid={filterTestId}
        />
        <select {...registration} {...wiring(id, { hint, error, required: true })} className={selectClass} data-testid={selectTestId}>
          {shown.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </FieldFrame>
  );
}
