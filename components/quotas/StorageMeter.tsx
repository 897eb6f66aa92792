'use client';

import { formatFileSize } from '@/lib/format';
import { useLocale, useText } from '@/lib/i18n/client';
import { percentUsed, type StorageUsage } from '@/lib/quotas/types';

/**
 * Storage used of a quota: the figures in words and a bar (a progressbar, so screen readers
 * get the same words as its value). Amber from 80 %, red when full.
 */
export function StorageMeter({ usage, lead, testId }: { usage: StorageUsage; lead?: string; testId: string }) {
  const t = useText('quotas');
  const locale = useLocale();
  const percent = percentUsed(usage);
  const text = t('used', { used: formatFileSize(usage.used, locale), quota: formatFileSize(usage.quota, locale), percent });
  const tone = percent >= 100 ? 'bg-red-600' : percent >= 80 ? 'bg-amber-500' : 'bg-primary';
  return (
    <div className="flex max-w-xl flex-col gap-1.5" data-testid={testId}>
      {lead && <p className="text-sm text-muted">{lead}</p>}
      <p className="text-sm tabular-nums" data-testid={`${testId}-text`}>
        {text}
      </p>
      <div
        role="progressbar"
        aria-label={t('meter')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-surface-2 ring-1 ring-line"
      >
        <div className={`h-full rounded-full ${tone}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
