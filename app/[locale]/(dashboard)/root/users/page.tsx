import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { safeParse } from 'zod/mini';
import { UsersConsole } from '@/components/root/users/UsersConsole';
import { rootViewer } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { userListQuerySchema } from '@/lib/root/user-schemas';
import { listUsers } from '@/lib/root/users';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('rootUsers');
  return { title: t('title'), robots: { index: false } };
}

/** The URL's filters; a hand-edited value the API would refuse falls back to the defaults. */
async function queryOf(searchParams: Props['searchParams']) {
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const parsed = safeParse(userListQuerySchema, raw);
  const query = parsed.success ? parsed.data : safeParse(userListQuerySchema, {}).data!;
  return { ...query, q: query.q ?? '' };
}

export default async function RootUsersPage({ params, searchParams }: Props) {
  await pageLocale(params);
  const viewer = await rootViewer();
  const t = await getTranslations('rootUsers');
  const query = await queryOf(searchParams);
  const initial = await listUsers(getDb(), query);
  return (
    <div className="max-w-6xl">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-1 text-muted">{t('lead')}</p>
      <div className="mt-6">
        <TextScope namespaces={['rootUsers', 'quotas']}>
          <UsersConsole initial={initial} initialQuery={query} viewerId={viewer.user.id} timeZone={viewer.user.timeZone} />
        </TextScope>
      </div>
    </div>
  );
}
