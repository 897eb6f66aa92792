'use client';

import { useText } from '@/lib/i18n/client';
import { ErrorPage } from '@/components/shell/ErrorPage';
import { useHomeHref } from '@/components/shell/use-home-href';

/** Render errors show the error page with the error's own message. */
export default function RenderError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useText('errors');
  const home = useHomeHref();
  return (
    <ErrorPage
      status={500}
      title={t('serverTitle')}
      description={t('serverDescription')}
      message={error.digest ? `${error.message} (${error.digest})` : error.message}
      homeHref={home}
      homeLabel={t('backHome')}
      action={
        <button type="button" onClick={reset} className="rounded-control border border-line px-4 py-2 font-medium">
          {t('retry')}
        </button>
      }
    />
  );
}
