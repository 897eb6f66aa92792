'use client';

import { Link } from '@/components/ui/Link';
import { useEffect, useRef } from 'react';
import { Notice } from '@/components/ui/Notice';
import { useText } from '@/lib/i18n/client';

/** Shown in place of the form once the request is in: what happens next, and where to follow it. */
export function RequestSent({ name, projectsHref }: { name: string; projectsHref: string }) {
  const t = useText('requestProject');
  const box = useRef<HTMLDivElement>(null);
  // The form the user was in is gone; reading starts again here.
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} tabIndex={-1} className="outline-none" data-testid="request-sent">
      <Notice tone="success" title={t('sentTitle')} text={t('sentText', { name })}>
        <Link href={projectsHref} className="font-medium text-accent hover:underline">
          {t('sentLink')}
        </Link>
      </Notice>
    </div>
  );
}
