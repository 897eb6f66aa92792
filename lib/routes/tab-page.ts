import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from '@/lib/i18n/translations';
import { alternatesFor } from '../i18n/alternates';
import { pageLocale } from '../i18n/page';
import { routes } from './table';

type TabRoute = 'accountTab' | 'settingsTab';
type Props = { params: Promise<{ locale: string; tab: string }> };

/**
 * A page with one URL per tab (`/account/[tab]`): its tabs, the tab a request names (an
 * unknown one is a 404) and its metadata, titled "<tab> · <title>" from `namespace`.
 */
export function tabPage<R extends TabRoute>(route: R, namespace: string) {
  type Tab = keyof (typeof routes)[R]['params']['tab'] & string;
  const tabs = Object.keys(routes[route].params.tab) as Tab[];

  async function tabOf(params: Props['params']): Promise<Tab> {
    const { tab } = await params;
    const known = tabs.find((t) => t === tab);
    if (!known) notFound();
    return known;
  }

  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const locale = await pageLocale(params);
    const tab = await tabOf(params);
    const t = await getTranslations(namespace);
    const key: string = `tabs.${tab}`;
    return { title: `${t(key)} · ${t('title')}`, alternates: alternatesFor(route, locale, { tab }), robots: { index: false } };
  }

  return { tabs, tabOf, generateMetadata };
}
