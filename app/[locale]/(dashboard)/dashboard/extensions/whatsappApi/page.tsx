import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { WhatsappSettingsForm } from '@/components/whatsapp/WhatsappSettingsForm';
import { connectedViewer } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { getSettings } from '@/lib/whatsapp/accounts';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('whatsapp');
  return { title: t('title'), robots: { index: false } };
}

export default async function WhatsappApiPage({ params }: Props) {
  await pageLocale(params);
  const viewer = await connectedViewer('whatsappApi');
  const t = await getTranslations('whatsapp');
  const settings = await getSettings({ db: getDb(), project: viewer.project });
  return (
    <div className="max-w-5xl">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-1 mb-6 text-muted">{t('lead')}</p>
      <TextScope namespaces={['whatsapp', 'validation']}>
        <WhatsappSettingsForm initial={settings} />
      </TextScope>
    </div>
  );
}
