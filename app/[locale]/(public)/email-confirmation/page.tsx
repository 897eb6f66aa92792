import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { IntroPage } from '@/components/layout/IntroPage';
import { alternatesFor } from '@/lib/i18n/alternates';
import { pageLocale } from '@/lib/i18n/page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations('auth');
  return { title: t('emailConfirmationTitle'), alternates: alternatesFor('emailConfirmation', locale), robots: { index: false } };
}

export default async function Page({ params }: Props) {
  await pageLocale(params);
  const t = await getTranslations('auth');
  return <IntroPage title={t('emailConfirmationTitle')} lead={t('emailConfirmationLead')} />;
}
