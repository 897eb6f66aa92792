'use client';

import { usePathname } from 'next/navigation';
import { useText } from '@/lib/i18n/client';
import { useEffect, useState } from 'react';
import { applyTheme } from '@/lib/shell/theme';
import { BackButton } from './BackButton';
import { ErrorPage } from './ErrorPage';

/**
 * The 404 page's body. Client-side because the boundary is pre-rendered into static
 * pages: the path and the session belong to the request, not to the page.
 */
export function NotFoundView({ appName }: { appName: string }) {
  const t = useText('errors');
  const path = usePathname();
  const [home, setHome] = useState('/');
  const title = `${t('notFoundTitle')} · ${appName}`;
  useEffect(() => {
    applyTheme();
    document.title = title;
    fetch('/api/auth/session', { method: 'POST' })
      .then((res) => (res.ok ? res.json() : null))
      .then((body: { project?: unknown } | null) => body?.project && setHome('/dashboard'))
      .catch(() => {});
  }, [title]);
  return (
    <>
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <ErrorPage
        status={404}
        title={t('notFoundTitle')}
        description={t('notFoundDescription')}
        message={t('notFound', { path })}
        homeHref={home}
        homeLabel={t('backHome')}
        action={<BackButton label={t('goBack')} />}
      />
    </>
  );
}
