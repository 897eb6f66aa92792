'use client';

import { useCombobox } from 'downshift';
import { useId, useMemo, useState } from 'react';
import { FieldError, selectClass, wiring } from '@/lib/forms/fields';
import { useText } from '@/lib/i18n/client';

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
  /** The box's placeholder when emptied to type. */
  filterLabel: string;
  /** In the order shown; a caller that memoizes it spares refiltering on unrelated renders. */
  options: readonly FilterOption[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Applied to the typed words and to each option's text (a module-level function). */
  normalize: (text: string) => string;
  /** A line under the box; none when undefined. */
  hint?: string;
  error?: string;
  testId?: string;
};

/**
 * A combobox for long lists (time zones, currencies, languages), on downshift: it shows the
 * choice; typing filters by any part of an option (a select's type-ahead only matches the
 * start); arrows, Enter and Escape work as ARIA 1.2 describes. Leaving it without choosing
 * puts the choice back.
 */
export function FilterableSelect({ label, filterLabel, options, value, onChange, onBlur, normalize, hint, error, testId }: Props) {
  const id = useId();
  const t = useText('shell');
  // What the person typed since the box last showed the choice; '' shows every option.
  const [typed, setTyped] = useState('');
  const shown = useMemo(() => filterOptions(options, typed, value, normalize), [options, typed, value, normalize]);
  const selected = options.find((o) => o.value === value) ?? null;

  const box = useCombobox<FilterOption>({
    items: shown as FilterOption[],
    selectedItem: selected,
    itemToString: (o) => o?.label ?? '',
    inputId: id,
    labelId: `${id}-label`,
    menuId: `${id}-menu`,
    onInputValueChange: ({ inputValue, type }) => setTyped(type === useCombobox.stateChangeTypes.InputChange ? (inputValue ?? '') : ''),
    onSelectedItemChange: ({ selectedItem }) => selectedItem && onChange(selectedItem.value),
    onIsOpenChange: ({ isOpen }) => !isOpen && onBlur?.(),
  });

  return (
    <div className="relative">
      <label {...box.getLabelProps()} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div className="flex">
        <input
          {...box.getInputProps({ ...wiring(id, { hint, error, required: true }), placeholder: filterLabel })}
          className={`${selectClass} rounded-r-none`}
          data-testid={testId}
        />
        <button
          type="button"
          {...box.getToggleButtonProps()}
          aria-label={t('showOptions')}
          className="rounded-r-md border border-l-0 border-line bg-surface px-2 hover:bg-surface-2"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
      </div>
      <ul
        {...box.getMenuProps()}
        className={`absolute z-[60] mt-1 max-h-64 w-full overflow-y-auto rounded-control border border-line bg-surface p-1 shadow-overlay ${box.isOpen && shown.length > 0 ? '' : 'hidden'}`}
      >
        {box.isOpen &&
          shown.map((o, index) => (
            <li
              key={o.value}
              {...box.getItemProps({ item: o, index })}
              className={`cursor-default rounded px-2 py-1.5 text-sm ${box.highlightedIndex === index ? 'bg-surface-2' : ''} ${o.value === value ? 'font-medium' : ''}`}
            >
              {o.label}
            </li>
          ))}
      </ul>
      {box.isOpen && shown.length === 0 && (
        <p role="status" className="absolute z-[60] mt-1 w-full rounded-control border border-line bg-surface px-3 py-2 text-sm text-muted shadow-overlay">
          {t('noMatches')}
        </p>
      )}
      {hint !== undefined && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
