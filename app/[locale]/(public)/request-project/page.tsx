import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { RequestProjectForm } from '@/components/requestProject/RequestProjectForm';
import { TextScope } from '@/lib/forms/text-scope';
import { publicMetadata } from '@/lib/i18n/metadata';
import { pageLocale } from '@/lib/i18n/page';
import { pathFor } from '@/lib/routes/match';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations('requestProject');
  return publicMetadata('requestProject', locale, { title: t('title'), description: t('lead'), index: false });
}

/** Ask for a new project: it waits for root's review, and the requester owns it once enabled. */
export default async function RequestProjectPage({ params }: Props) {
  const locale = await pageLocale(params);
  const t = await getTranslations('requestProject');
  return (
    <div className="mx-auto w-full max-w-2xl py-8">
      <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
      <p className="mt-2 text-muted">{t('lead')}</p>
      <div className="mt-6 rounded-card border border-line bg-surface p-5 shadow-card sm:p-6">
        <TextScope namespaces={['requestProject', 'validation']}>
          <RequestProjectForm projectsHref={pathFor('accountTab', locale, { tab: 'projects' })} />
        </TextScope>
      </div>
    </div>
  );
}
