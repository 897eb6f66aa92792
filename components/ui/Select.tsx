'use client';

import { lazy, Suspense, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { intentProps, whenIdle } from '@/lib/shell/idle';
import { SelectChevron } from './SelectChevron';
import { selectTrigger, type SelectProps } from './select-props';

export type { SelectOption } from './select-props';

// Radix Select with its positioning (Floating UI), collection and scroll lock is about 10 kB
// gzip that a page needs only once a list opens. Until then this is a plain button that looks
// and reads the same (a collapsed combobox showing the choice); the Radix select is fetched
// when the page is idle or at the first sign of intent, and takes the button's place, open,
// when the user asks for the list.
const loadMenu = () => import('./SelectMenu');
const SelectMenu = lazy(loadMenu);

// The keys with which a Radix trigger opens its list.
const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/** Every select of the app: see SelectMenu for the list itself. */
export function Select(props: SelectProps) {
  const { value, options, placeholder, id, disabled, compact = false, className = 'w-full', testId, ref, onChange, onBlur, ...aria } = props;
  const [opened, setOpened] = useState(false);
  // As Radix's trigger does: the list it will control, absent while collapsed.
  const listId = useId();
  useEffect(() => whenIdle(() => void loadMenu()), []);

  const chosen = options.find((o) => o.value === value);
  const button = (
    <button
      ref={ref}
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-controls={listId}
      aria-autocomplete="none"
      id={id}
      disabled={disabled}
      data-placeholder={chosen ? undefined : ''}
      data-testid={testId}
      className={`${selectTrigger} ${compact ? 'px-2 py-1' : 'px-3 py-2'} ${className}`}
      {...intentProps(loadMenu)}
      onClick={() => setOpened(true)}
      onKeyDown={(e: KeyboardEvent) => {
        if (!OPEN_KEYS.has(e.key)) return;
        e.preventDefault();
        setOpened(true);
      }}
      {...aria}
    >
      <span className="truncate">{chosen?.label ?? placeholder}</span>
      <span aria-hidden="true" className="shrink-0 text-muted">
        <SelectChevron />
      </span>
    </button>
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <SelectMenu {...props} onChange={onChange} onBlur={onBlur} defaultOpen />
    </Suspense>
  );
}
