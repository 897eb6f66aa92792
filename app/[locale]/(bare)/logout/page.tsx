import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { headers } from 'next/headers';
import { LogoutRunner } from '@/components/shell/LogoutRunner';
import { pageLocale } from '@/lib/i18n/page';

// Reads the request's Sec-Fetch-Site on every request.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('auth');
  return { title: t('logoutTitle'), robots: { index: false } };
}

export default async function LogoutPage({ params }: Props) {
  await pageLocale(params);
  const t = await getTranslations('auth');
  // Our own menu and redirects come from this site (or the address was typed); a link on
  // another site only gets the question, since a cross-site GET must not end a session.
  const site = (await headers()).get('sec-fetch-site');
  const ask = site !== 'same-origin' && site !== 'none';
  const texts = {
    title: t('logoutTitle'),
    failed: t('logoutFailed'),
    confirmTitle: t('logoutConfirmTitle'),
    confirm: t('logoutConfirm'),
    stay: t('logoutStay'),
  };
  return (
    <main id="main" className="grid min-h-dvh place-items-center px-4">
      <LogoutRunner ask={ask} texts={texts} />
    </main>
  );
}
