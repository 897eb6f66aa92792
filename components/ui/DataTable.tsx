import type { ReactNode } from 'react';

/** A column heading; `hidden` keeps it for screen readers only (an actions column). */
export type Column = { label: string; hidden?: boolean };

// `false` stands for a column the viewer does not get, so callers can write `can && {...}`.
type Columns = (Column | false)[];

/**
 * The lists' table: it scrolls sideways inside its border on a narrow screen (`relative`
 * holds the screen-reader-only labels inside it), headings on a tinted row, rows ruled.
 */
export function DataTable({ columns, caption, busy, testId, children }: { columns: Columns; caption?: string; busy?: boolean; testId?: string; children: ReactNode }) {
  return (
    <div className="border-line relative overflow-x-auto rounded-lg border" aria-busy={busy || undefined}>
      <table className="w-full text-left text-sm" data-testid={testId}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="bg-surface-2 text-muted text-xs uppercase">
          <tr>
            {columns.filter((c): c is Column => c !== false).map(({ label, hidden }) => (
              <th key={label} scope="col" className="px-3 py-2 font-medium">
                {hidden ? <span className="sr-only">{label}</span> : label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-line divide-y">{children}</tbody>
      </table>
    </div>
  );
}
