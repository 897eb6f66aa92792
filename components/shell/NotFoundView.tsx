'use client';

import { usePathname } from 'next/navigation';
import { useText } from '@/lib/i18n/client';
import { useEffect } from 'react';
import { applyTheme } from '@/lib/shell/theme';
import { BackButton } from './BackButton';
import { ErrorPage } from './ErrorPage';
import { useHomeHref } from './use-home-href';

/**
 * The 404 page's body. Client-side because the boundary is pre-rendered into static
 * pages: the path and the session belong to the request, not to the page.
 */
export function NotFoundView({ appName }: { appName: string }) {
  const t = useText('errors');
  const path = usePathname();
  const home = useHomeHref();
  const title = `${t('notFoundTitle')} · ${appName}`;
  useEffect(() => {
    applyTheme();
    document.title = title;
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
