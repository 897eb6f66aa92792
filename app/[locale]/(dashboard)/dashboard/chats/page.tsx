import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { ChatsApp } from '@/components/chats/ChatsApp';
import { can, connectedViewer } from '@/lib/access/page';
import { listConversations } from '@/lib/chats/conversations';
import { DEFAULT_SUPPORT_FILTERS, firstTab } from '@/lib/chats/types';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ tab?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('chats');
  return { title: t('title'), robots: { index: false } };
}

export default async function ChatsPage({ params, searchParams }: Props) {
  await pageLocale(params);
  const viewer = await connectedViewer('chats');
  const t = await getTranslations('chats');
  const chatsCan = { team: can(viewer, 'CHATS__TEAM'), support: can(viewer, 'CHATS__SUPPORT') };
  const asked = (await searchParams).tab;
  const tab = firstTab(chatsCan, Array.isArray(asked) ? asked[0] : asked);
  // The list is in the first HTML, so the page reads as done before its scripts run.
  const list = await listConversations({ db: getDb(), viewer, project: viewer.project }, { kind: tab, ...DEFAULT_SUPPORT_FILTERS });
  return (
    <div>
      <h1 className="sr-only">{t('title')}</h1>
      <TextScope namespaces={['chats', 'validation', 'whatsapp']}>
        <ChatsApp
          can={chatsCan}
          initial={{ tab, list }}
          viewer={{ id: viewer.user.id, name: viewer.user.name }}
          timeZone={viewer.user.timeZone}
          projectId={viewer.project.id}
        />
      </TextScope>
    </div>
  );
}
