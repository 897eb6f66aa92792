'use client';

import { useText } from '@/lib/i18n/client';

/**
 * Placeholders shaped like the content while it loads, instead of a spinner over the page.
 * The pulse stops for readers who prefer reduced motion. Each variant is one `role="status"`
 * region named "Loading…", so screen readers hear it once rather than a run of empty boxes.
 */
export function Skeleton({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded-control bg-surface-2 motion-reduce:animate-none ${className}`} />;
}

function Region({ kind, className = '', children }: { kind: string; className?: string; children: React.ReactNode }) {
  const ui = useText('ui');
  return (
    <div role="status" aria-live="polite" aria-busy="true" aria-label={ui('loading')} className={className} data-testid="skeleton" data-skeleton={kind}>
      {children}
    </div>
  );
}

// Varied widths read as text rather than as a grid of identical bars.
const WIDTHS = ['w-3/5', 'w-2/5', 'w-4/5', 'w-1/2', 'w-2/3', 'w-3/4'];

/** Rows of a list: an avatar-sized dot, a title and a line under it. */
export function ListSkeleton({ rows = 5, avatar = true }: { rows?: number; avatar?: boolean }) {
  return (
    <Region kind="list" className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-3 rounded-card border border-line p-3">
          {avatar && <Skeleton className="size-9 shrink-0 rounded-full" />}
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <Skeleton className={`h-4 ${WIDTHS[i % WIDTHS.length]}`} />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </Region>
  );
}

/** A table: a header row and rows of cells. */
export function TableSkeleton({ rows = 6, columns = 4 }: { rows?: number; columns?: number }) {
  return (
    <Region kind="table" className="overflow-hidden rounded-card border border-line">
      <div className="flex gap-4 border-b border-line bg-surface-2/50 p-3">
        {Array.from({ length: columns }, (_, c) => (
          <Skeleton key={c} className="h-3 flex-1" />
        ))}
      </div>
      {Array.from({ length: rows }, (_, r) => (
        <div key={r} className="flex gap-4 border-b border-line p-3 last:border-b-0">
          {Array.from({ length: columns }, (_, c) => (
            <Skeleton key={c} className={`h-4 flex-1 ${c === 0 ? '' : 'max-sm:hidden'}`} />
          ))}
        </div>
      ))}
    </Region>
  );
}

/** A chat thread: bubbles on both sides, as messages from others and one's own. */
export function ThreadSkeleton({ messages = 6 }: { messages?: number }) {
  return (
    <Region kind="thread" className="flex flex-1 flex-col justify-end gap-4 p-4">
      {Array.from({ length: messages }, (_, i) => {
        const own = i % 3 === 2;
        return (
          <div key={i} className={`flex items-end gap-2 ${own ? 'flex-row-reverse' : ''}`}>
            {!own && <Skeleton className="size-8 shrink-0 rounded-full" />}
            <Skeleton className={`h-12 rounded-2xl ${WIDTHS[i % WIDTHS.length]} max-w-md`} />
          </div>
        );
      })}
    </Region>
  );
}

/** A kanban board: a few columns of cards. */
export function BoardSkeleton({ columns = 3 }: { columns?: number }) {
  return (
    <Region kind="board" className="flex gap-4 overflow-hidden">
      {Array.from({ length: columns }, (_, c) => (
        <div key={c} className="flex w-72 shrink-0 flex-col gap-3 rounded-card border border-line p-3">
          <Skeleton className="h-5 w-1/2" />
          {Array.from({ length: 3 - (c % 2) }, (_, i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ))}
    </Region>
  );
}

/** Tiles of a grid (boards, plans): a title and a line each. */
export function CardsSkeleton({ cards = 6 }: { cards?: number }) {
  return (
    <Region kind="cards" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: cards }, (_, i) => (
        <div key={i} className="flex flex-col gap-2 rounded-card border border-line p-4">
          <Skeleton className={`h-5 ${WIDTHS[i % WIDTHS.length]}`} />
          <Skeleton className="h-3 w-1/3" />
        </div>
      ))}
    </Region>
  );
}

/** A page heading over one of the shapes above, for route-level `loading.tsx`. */
export function PageSkeleton({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <Skeleton className="h-8 w-48" />
      {children}
    </div>
  );
}
