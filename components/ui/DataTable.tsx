import type { ReactNode } from 'react';

/** A column heading; `hidden` keeps it for screen readers only (an actions column). */
export type Column = { label: string; hidden?: boolean };

// `false` stands for a column the viewer does not get, so callers can write `can && {...}`.
type Columns = (Column | false)[];

/**
 * A cell of a `cards` table: on a phone a line of its card, led by its `data-label` (a cell
 * without one, such as the name or the actions, stands on its own).
 */
export const cardCell =
  'max-sm:flex max-sm:items-start max-sm:gap-3 max-sm:px-0 max-sm:py-1 max-sm:before:text-muted max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:text-xs max-sm:before:content-[attr(data-label)]';

// A `cards` table under `sm`: no headings row, each row a bordered card of its cells.
export const CARDS = {
  frame: 'max-sm:overflow-visible max-sm:border-0',
  table: 'max-sm:block',
  head: 'max-sm:hidden',
  body: 'max-sm:flex max-sm:flex-col max-sm:gap-3 max-sm:divide-y-0 max-sm:*:block max-sm:*:rounded-card max-sm:*:border max-sm:*:border-line max-sm:*:px-3 max-sm:*:py-2',
};

/**
 * The lists' table: it scrolls sideways inside its border on a narrow screen (`relative`
 * holds the screen-reader-only labels inside it), headings on a tinted row, rows ruled.
 * With `cards`, a phone shows each row as a card instead (cells take `cardCell`), so no
 * column, actions least of all, sits scrolled out of sight.
 */
export function DataTable({
  columns,
  caption,
  busy,
  cards = false,
  testId,
  children,
}: {
  columns: Columns;
  caption?: string;
  busy?: boolean;
  cards?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const card = (key: keyof typeof CARDS) => (cards ? CARDS[key] : '');
  return (
    <div className={`relative overflow-x-auto rounded-card border border-line ${card('frame')}`} aria-busy={busy || undefined}>
      <table className={`w-full text-left text-sm ${card('table')}`} data-testid={testId}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className={`bg-surface-2 text-xs text-muted uppercase ${card('head')}`}>
          <tr>
            {columns
              .filter((c): c is Column => c !== false)
              .map(({ label, hidden }) => (
                <th key={label} scope="col" className="px-3 py-2 font-medium">
                  {hidden ? <span className="sr-only">{label}</span> : label}
                </th>
              ))}
          </tr>
        </thead>
        <tbody className={`divide-y divide-line ${card('body')}`}>{children}</tbody>
      </table>
    </div>
  );
}
