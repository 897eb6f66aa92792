import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { currentViewer } from '@/lib/auth/current';
import { alternatesFor } from '@/lib/i18n/alternates';
import { pageLocale } from '@/lib/i18n/page';
import { pathFor } from '@/lib/routes/match';
import { routes } from '@/lib/routes/table';

type Props = { params: Promise<{ locale: string; tab: string }> };
const TABS = Object.keys(routes.accountTab.params.tab) as (keyof typeof routes.accountTab.params.tab)[];

async function tabOf(params: Props['params']) {
  const { tab } = await params;
  const known = TABS.find((t) => t === tab);
  if (!known) notFound();
  return known;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params);
  const tab = await tabOf(params);
  const t = await getTranslations('account');
  return { title: `${t(`tabs.${tab}`)} · ${t('title')}`, alternates: alternatesFor('accountTab', locale, { tab }), robots: { index: false } };
}

export default async function AccountTabPage({ params }: Props) {
  const locale = await pageLocale(params);
  const tab = await tabOf(params);
  const t = await getTranslations('account');
  const viewer = (await currentViewer())!;
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="text-muted mt-1">
        {viewer.user.name} · {viewer.user.email}
      </p>
      <nav aria-label={t('tabsLabel')} className="border-line mt-6 flex gap-1 border-b">
        {TABS.map((name) => (
          <Link
            key={name}
            href={pathFor('accountTab', locale, { tab: name })}
            aria-current={name === tab ? 'page' : undefined}
            className={`-mb-px border-b-2 px-4 py-2 text-sm ${name === tab ? 'border-primary text-primary font-medium' : 'text-muted border-transparent'}`}
          >
            {t(`tabs.${name}`)}
          </Link>
        ))}
      </nav>
      <h2 className="mt-6 text-lg font-semibold" data-testid="account-tab-title">
        {t(`tabs.${tab}`)}
      </h2>
    </div>
  );
}
