import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { ContentConsole } from '@/components/root/content/ContentConsole';
import { rootViewer } from '@/lib/access/page';
import { listFaqEntries } from '@/lib/content/admin';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('rootContent');
  return { title: t('title'), robots: { index: false } };
}

/** FAQ entries and help articles, both languages: the console opens on the FAQ in the viewer's language. */
export default async function RootContentPage({ params }: Props) {
  const locale = await pageLocale(params);
  await rootViewer();
  const t = await getTranslations('rootContent');
  const faq = await listFaqEntries(getDb(), locale);
  return (
    <div className="max-w-5xl">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-1 mb-6 text-muted">{t('lead')}</p>
      <TextScope namespaces={['rootContent', 'validation']}>
        <ContentConsole initialLocale={locale} initialFaq={faq} />
      </TextScope>
    </div>
  );
}
