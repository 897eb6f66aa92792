'use client';

import type { PostStatus } from '@/lib/blog/schemas';
import { useText } from '@/lib/i18n/client';

const BADGE: Record<PostStatus, string> = {
  draft: 'bg-surface-2 text-ink',
  scheduled: 'bg-amber-700 text-white',
  published: 'bg-emerald-700 text-white',
};

export function StatusBadge({ status }: { status: PostStatus }) {
  const t = useText('blog');
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${BADGE[status]}`} data-testid="blog-status">
      {t(`status.${status}`)}
    </span>
  );
}
