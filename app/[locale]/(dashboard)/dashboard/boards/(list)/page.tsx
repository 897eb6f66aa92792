import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BoardsList } from '@/components/boards/BoardsList';
import { can, connectedViewer } from '@/lib/access/page';
import { listBoards } from '@/lib/boards/service';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('boards');
  return { title: t('title'), robots: { index: false } };
}

export default async function BoardsPage({ params }: Props) {
  await pageLocale(params);
  const viewer = await connectedViewer('boards');
  const t = await getTranslations('boards');
  const boards = await listBoards({ db: getDb(), project: viewer.project });
  return (
    <div className="max-w-5xl">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-1 mb-6 text-muted">{t('lead')}</p>
      <TextScope namespaces={['boards', 'validation']}>
        <BoardsList boards={boards} may={{ create: can(viewer, 'BOARDS__CREATE') }} />
      </TextScope>
    </div>
  );
}
