import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { alternatesFor } from '@/lib/i18n/alternates';
import { pageLocale } from '@/lib/i18n/page';
import type { RouteName } from '@/lib/routes/table';

type Props = { params: Promise<{ locale: string }> };

/** A page heading with its lead paragraph. */
export function IntroPage({ title, lead }: { title: string; lead: string }) {
  return (
    <div className="mx-auto max-w-md py-8">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted mt-2">{lead}</p>
    </div>
  );
}

/** A simple page made of a translated heading and lead: its metadata and its body. */
export function introPage(route: RouteName, namespace: string, titleKey: string, leadKey: string) {
  return {
    async generateMetadata({ params }: Props): Promise<Metadata> {
      const locale = await pageLocale(params);
      const t = await getTranslations(namespace);
      return { title: t(titleKey), alternates: alternatesFor(route, locale), robots: { index: false } };
    },
    async Page({ params }: Props) {
      await pageLocale(params);
      const t = await getTranslations(namespace);
      return <IntroPage title={t(titleKey)} lead={t(leadKey)} />;
    },
  };
}
