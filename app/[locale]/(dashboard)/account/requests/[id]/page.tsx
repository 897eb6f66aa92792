import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from '@/lib/i18n/translations';
import { cache } from 'react';
import { OwnRequestView } from '@/components/requests/OwnRequestView';
import { currentViewer } from '@/lib/auth/current';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { HttpError } from '@/lib/http/errors';
import { pageLocale } from '@/lib/i18n/page';
import { ownRequestDetail } from '@/lib/requests/own';

type Props = { params: Promise<{ locale: string; id: string }> };

/** The viewer's own request, or a 404: the same rule as the API. */
const ownRequest = cache(async (id: string) => {
  const viewer = await currentViewer();
  if (!viewer) redirect('/logout');
  try {
    return { viewer, detail: await ownRequestDetail({ db: getDb(), viewer }, id) };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const { detail } = await ownRequest((await params).id);
  const t = await getTranslations('requests');
  return { title: `#${detail.request.number} ${detail.request.subject} · ${t('mine')}`, robots: { index: false } };
}

export default async function OwnRequestPage({ params }: Props) {
  await pageLocale(params);
  const { id } = await params;
  const { viewer, detail } = await ownRequest(id);
  return (
    <div className="max-w-3xl">
      <TextScope namespaces={['requests', 'validation', 'errors']}>
        <OwnRequestView id={id} initial={detail} timeZone={viewer.user.timeZone} />
      </TextScope>
    </div>
  );
}
