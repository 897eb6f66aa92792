import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { RequestDetail } from '@/components/requests/RequestDetail';
import { can, connectedViewer } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { getRequestOrThrow } from '@/lib/requests/access';
import { requestDetail } from '@/lib/requests/service';
import { HttpError } from '@/lib/http/errors';
import { notFound } from 'next/navigation';

type Props = { params: Promise<{ locale: string; id: string }> };

async function load(id: string) {
  const viewer = await connectedViewer('request');
  const ctx = { db: getDb(), project: viewer.project, profile: viewer.profile, viewer };
  try {
    await getRequestOrThrow(ctx, id);
  } catch (error) {
    // Another project's request, or none: the same 404 as an unknown page.
    if (error instanceof HttpError && error.status === 404) notFound();
    throw error;
  }
  return { viewer, ctx };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('requests');
  return { title: t('title'), robots: { index: false } };
}

export default async function RequestPage({ params }: Props) {
  await pageLocale(params);
  const { id } = await params;
  const { viewer, ctx } = await load(id);
  // The first paint has the request; the query takes over from there.
  const initial = await requestDetail(ctx, id);
  return (
    <div className="max-w-6xl">
      <TextScope namespaces={['requests', 'validation', 'errors']}>
        <RequestDetail
          id={id}
          initial={initial}
          may={{ update: can(viewer, 'REQUESTS__UPDATE'), delete: can(viewer, 'REQUESTS__DELETE') }}
          timeZone={viewer.user.timeZone}
          projectName={viewer.project.name}
          agentName={viewer.user.name}
        />
      </TextScope>
    </div>
  );
}
