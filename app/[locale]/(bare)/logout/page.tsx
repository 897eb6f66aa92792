import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LogoutRunner } from '@/components/shell/LogoutRunner';
import { pageLocale } from '@/lib/i18n/page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('auth');
  return { title: t('logoutTitle'), robots: { index: false } };
}

export default async function LogoutPage({ params }: Props) {
  await pageLocale(params);
  const t = await getTranslations('auth');
  return (
    <main id="main" className="grid min-h-dvh place-items-center">
      <LogoutRunner title={t('logoutTitle')} failed={t('logoutFailed')} />
    </main>
  );
}
