import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { notFound } from 'next/navigation';
import { BoardScreen } from '@/components/boards/BoardScreen';
import { can, connectedViewer } from '@/lib/access/page';
import { getBoardView } from '@/lib/boards/service';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { HttpError } from '@/lib/http/errors';
import { pageLocale } from '@/lib/i18n/page';

type Props = { params: Promise<{ locale: string; id: string }>; searchParams: Promise<{ card?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('boards');
  return { title: t('title'), robots: { index: false } };
}

export default async function BoardPage({ params, searchParams }: Props) {
  await pageLocale(params);
  const { id } = await params;
  const viewer = await connectedViewer('board');
  // Another project's board, or none: the same 404 as the API.
  const board = await getBoardView({ db: getDb(), project: viewer.project }, id).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 404) notFound();
    throw error;
  });
  // `?card=<id>` (a link from "My cards") opens that card of this board.
  const { card } = await searchParams;
  const openCard = typeof card === 'string' && board.cards.some((c) => c.id === card) ? card : null;
  return (
    <TextScope namespaces={['boards', 'validation']}>
      <BoardScreen
        initial={board}
        openCard={openCard}
        viewer={{ id: viewer.user.id, timeZone: viewer.user.timeZone }}
        may={{ update: can(viewer, 'BOARDS__UPDATE'), delete: can(viewer, 'BOARDS__DELETE') }}
      />
    </TextScope>
  );
}
