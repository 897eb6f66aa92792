import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { AuthCard } from '@/components/auth/AuthCard';
import { RatingLink } from '@/components/requests/RatingLink';
import { TextScope } from '@/lib/forms/text-scope';
import { publicMetadata } from '@/lib/i18n/metadata';
import { pageLocale } from '@/lib/i18n/page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations('requests');
  return publicMetadata('requestRating', locale, { title: t('ratingPageTitle'), description: t('ratingPageLead'), index: false });
}

/** The emailed rating link's page: the same for everyone (the token is read in the browser), no sign-in needed. */
export default async function RateRequestPage({ params }: Props) {
  await pageLocale(params);
  const t = await getTranslations('requests');
  return (
    <AuthCard title={t('ratingPageTitle')} lead={t('ratingPageLead')}>
      <TextScope namespaces={['requests', 'validation', 'errors']}>
        <RatingLink />
      </TextScope>
    </AuthCard>
  );
}
