import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { ProjectsBrowser } from '@/components/root/projects/ProjectsBrowser';
import { rootViewer } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { parseListQuery, querySearch } from '@/lib/root/project-schemas';
import { listProjects } from '@/lib/root/projects';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('rootProjects');
  return { title: t('title'), robots: { index: false } };
}

/** Every project on the platform; the first page comes with the HTML, the rest from the API. */
export default async function RootProjectsPage({ params, searchParams }: Props) {
  await pageLocale(params);
  const viewer = await rootViewer();
  const t = await getTranslations('rootProjects');
  // Read as the browser will read the same address, so both agree on what is shown.
  const query = parseListQuery(await searchParams);
  const list = await listProjects(getDb(), query);
  return (
    <div className="max-w-6xl">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-1 text-muted">{t('lead')}</p>
      <div className="mt-6">
        <TextScope namespaces={['rootProjects']}>
          <ProjectsBrowser initial={{ search: querySearch(query), list }} timeZone={viewer.user.timeZone} />
        </TextScope>
      </div>
    </div>
  );
}
