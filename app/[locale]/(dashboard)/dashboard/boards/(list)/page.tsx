import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { BoardsList } from '@/components/boards/BoardsList';
import { BoardsPageViews, MyCards } from '@/components/boards/MyCards';
import { can, connectedViewer } from '@/lib/access/page';
import { listMyCards } from '@/lib/boards/mine';
import { boardsPageQuerySchema } from '@/lib/boards/schemas';
import { listBoards } from '@/lib/boards/service';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('boards');
  return { title: t('title'), robots: { index: false } };
}

export default async function BoardsPage({ params, searchParams }: Props) {
  await pageLocale(params);
  const viewer = await connectedViewer('boards');
  const t = await getTranslations('boards');
  const ctx = { db: getDb(), project: viewer.project };
  // `?view=mine&due=overdue|week`: the viewer's cards, where the dashboard home's figures point.
  const parsed = boardsPageQuerySchema.safeParse(await searchParams);
  const query = parsed.success ? parsed.data : {};
  const due = query.due || '';
  const mine = query.view === 'mine' ? await listMyCards(ctx, viewer.user.id, due) : null;
  const boards = mine ? [] : await listBoards(ctx);
  return (
    <div className="max-w-5xl">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-1 mb-6 text-muted">{t('lead')}</p>
      <TextScope namespaces={['boards', 'validation']}>
        <BoardsPageViews mine={!!mine} />
        {mine ? <MyCards cards={mine.cards} due={due} today={mine.today} /> : <BoardsList boards={boards} may={{ create: can(viewer, 'BOARDS__CREATE') }} />}
      </TextScope>
    </div>
  );
}
