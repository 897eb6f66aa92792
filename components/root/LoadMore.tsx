'use client';

import { secondaryButton } from '@/components/ui/buttons';

/** "Load more" under a cursor-paged root list (`usePages`): busy while the next page comes. */
export function LoadMore({
  list,
  labels,
  testId,
}: {
  list: { more: boolean; loadMore: () => void };
  labels: { loading: string; more: string };
  testId: string;
}) {
  return (
    <button
      type="button"
      className={`${secondaryButton} self-start`}
      onClick={list.loadMore}
      disabled={list.more}
      aria-busy={list.more || undefined}
      data-testid={testId}
    >
      {list.more ? labels.loading : labels.more}
    </button>
  );
}
