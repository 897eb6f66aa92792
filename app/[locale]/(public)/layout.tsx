import type { ReactNode } from 'react';
import { PublicFooter } from '@/components/layout/PublicFooter';
import { PublicHeader } from '@/components/layout/PublicHeader';
import { SkipLink } from '@/components/layout/SkipLink';
import { pageLocale } from '@/lib/i18n/page';

/** The horizontal layout of public pages. */
export default async function PublicLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  return (
    <div className="flex min-h-dvh flex-col" data-layout="horizontal">
      <SkipLink />
      <PublicHeader locale={locale} />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
        {children}
      </main>
      <PublicFooter locale={locale} />
    </div>
  );
}
