import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { ErrorPage } from '@/components/shell/ErrorPage';
import { pageLocale } from '@/lib/i18n/page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('errors');
  return { title: t('unauthorizedTitle'), robots: { index: false } };
}

export default async function UnauthorizedPage({ params }: Props) {
  await pageLocale(params);
  const t = await getTranslations('errors');
  return <ErrorPage status={401} title={t('unauthorizedTitle')} description={t('unauthorizedDescription')} homeHref="/login" homeLabel={t('backHome')} />;
}
