import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ChatsApp } from '@/components/chats/ChatsApp';
import { can, connectedViewer } from '@/lib/access/page';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('chats');
  return { title: t('title'), robots: { index: false } };
}

export default async function ChatsPage({ params }: Props) {
  await pageLocale(params);
  const viewer = await connectedViewer('chats');
  const t = await getTranslations('chats');
  return (
    <div>
      <h1 className="sr-only">{t('title')}</h1>
      <TextScope namespaces={['chats', 'validation', 'whatsapp']}>
        <ChatsApp
          can={{ team: can(viewer, 'CHATS__TEAM'), support: can(viewer, 'CHATS__SUPPORT') }}
          viewer={{ id: viewer.user.id, name: viewer.user.name }}
          timeZone={viewer.user.timeZone}
          projectId={viewer.project.id}
        />
      </TextScope>
    </div>
  );
}
