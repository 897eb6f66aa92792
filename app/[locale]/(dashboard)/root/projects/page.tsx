import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageLocale } from '@/lib/i18n/page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('root');
  return { title: t('projectsTitle') };
}

export default async function RootProjectsPage({ params }: Props) {
  await pageLocale(params);
  const t = await getTranslations('root');
  return (
    <div>
      <h1 className="text-2xl font-bold">{t('projectsTitle')}</h1>
      <p className="text-muted mt-1">{t('lead')}</p>
    </div>
  );
}
