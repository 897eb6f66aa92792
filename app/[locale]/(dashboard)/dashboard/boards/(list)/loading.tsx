import { PageSkeleton, CardsSkeleton } from '@/components/ui/Skeleton';

/** While the server reads the boards: tiles like the boards' grid. */
export default function Loading() {
  return (
    <PageSkeleton>
      <CardsSkeleton />
    </PageSkeleton>
  );
}
