'use client';

import type { KeyboardEvent } from 'react';

export type Tab<T extends string> = { id: T; label: string; testId?: string };

/** The id of the element a tab controls; the caller gives its panel this id. */
export const panelId = (base: string) => `${base}-panel`;
export const tabId = (base: string, id: string) => `${base}-tab-${id}`;

/**
 * An ARIA tab list: one tab in the Tab order, the arrow keys (and Home, End) move between
 * tabs and select the one reached. The caller renders the panel with `panelId(base)` and
 * `aria-labelledby={tabId(base, selected)}`.
 */
export function Tabs<T extends string>({
  base,
  label,
  tabs,
  selected,
  onSelect,
  small = false,
}: {
  base: string;
  label: string;
  tabs: Tab<T>[];
  selected: T;
  onSelect: (id: T) => void;
  small?: boolean;
}) {
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((t) => t.id === selected);
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length];
    onSelect(next.id);
    document.getElementById(tabId(base, next.id))?.focus();
  }
  return (
    <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex gap-1 border-b border-line">
      {tabs.map((t) => {
        const active = t.id === selected;
        return (
          <button
            key={t.id}
            id={tabId(base, t.id)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={panelId(base)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(t.id)}
            className={`-mb-px border-b-2 font-medium ${small ? 'px-3 py-1.5 text-xs' : 'px-4 py-2 text-sm'} ${active ? 'border-accent text-accent' : 'border-transparent text-muted hover:text-ink'}`}
            data-testid={t.testId}
          >
            {t.label}
          </button>
        );
      })}
    </div>
  );
}
