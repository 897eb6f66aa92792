import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { BackButton } from '@/components/shell/BackButton';
import { ErrorPage } from '@/components/shell/ErrorPage';
import { currentClaims } from '@/lib/auth/current';
import { pageLocale } from '@/lib/i18n/page';
import { isConnected } from '@/lib/routes/guard';

// Reads the session cookie on every request.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('errors');
  return { title: t('forbiddenTitle'), robots: { index: false } };
}

export default async function ForbiddenPage({ params }: Props) {
  await pageLocale(params);
  const t = await getTranslations('errors');
  const connected = isConnected(await currentClaims());
  return (
    <ErrorPage
      status={403}
      title={t('forbiddenTitle')}
      description={t('forbiddenDescription')}
      homeHref={connected ? '/dashboard' : '/'}
      homeLabel={t('backHome')}
      action={<BackButton label={t('goBack')} />}
    />
  );
}
