import { PageSkeleton, CardsSkeleton } from '@/components/ui/Skeleton';

/** While the server reads the plans: tiles. */
export default function Loading() {
  return (
    <PageSkeleton>
      <CardsSkeleton />
    </PageSkeleton>
  );
}
