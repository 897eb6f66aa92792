'use client';

import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { ErrorPage } from '@/components/shell/ErrorPage';

// Static on purpose: Next renders this boundary into every page of the segment, so
// it may not read cookies or headers. The session endpoint tells where "home" is.
export default function NotFound() {
  const t = useTranslations('errors');
  const path = usePathname();
  const [home, setHome] = useState('/');
  useEffect(() => {
    fetch('/api/auth/session', { method: 'POST' })
      .then((res) => (res.ok ? res.json() : null))
      .then((body: { project?: unknown } | null) => body?.project && setHome('/dashboard'))
      .catch(() => {});
  }, []);
  return (
    <ErrorPage
      status={404}
      title={t('notFoundTitle')}
      description={t('notFoundDescription')}
      message={t('notFound', { path })}
      homeHref={home}
      homeLabel={t('backHome')}
    />
  );
}
