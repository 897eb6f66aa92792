import { PageSkeleton, ListSkeleton } from '@/components/ui/Skeleton';

/** While the server reads the requests: rows like the list's. */
export default function Loading() {
  return (
    <PageSkeleton>
      <ListSkeleton />
    </PageSkeleton>
  );
}
