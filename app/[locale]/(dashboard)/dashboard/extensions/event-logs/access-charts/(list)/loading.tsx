import { PageSkeleton, TableSkeleton } from '@/components/ui/Skeleton';

/** While the server reads the access log: a table's shape. */
export default function Loading() {
  return (
    <PageSkeleton>
      <TableSkeleton />
    </PageSkeleton>
  );
}
