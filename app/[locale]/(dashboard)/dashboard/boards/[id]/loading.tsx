import { PageSkeleton, BoardSkeleton } from '@/components/ui/Skeleton';

/** While the server reads the board: its columns and cards. */
export default function Loading() {
  return (
    <PageSkeleton>
      <BoardSkeleton />
    </PageSkeleton>
  );
}
