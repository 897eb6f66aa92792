import { getLocale } from 'next-intl/server';
import { getTranslations } from '@/lib/i18n/translations';
import { DataTable } from '@/components/ui/DataTable';
import { formatDate } from '@/lib/format';
import type { ProjectDetail } from '@/lib/root/projects';

/** Who belongs to the project, with the profiles they hold there. */
export async function ProjectMembers({ members, timeZone }: { members: ProjectDetail['members']; timeZone: string }) {
  const t = await getTranslations('rootProjects');
  const locale = await getLocale();
  return (
    <section aria-labelledby="root-project-members" className="flex flex-col gap-3">
      <h2 id="root-project-members" className="text-lg font-semibold">
        {t('members')} <span className="text-sm font-normal text-muted">({members.length})</span>
      </h2>
      {members.length === 0 ? (
        <p className="text-sm text-muted">{t('noMembers')}</p>
      ) : (
        <DataTable
          testId="root-project-members"
          caption={t('members')}
          columns={[{ label: t('member') }, { label: t('profiles') }, { label: t('memberStatus') }, { label: t('joined') }]}
        >
          {members.map((m) => (
            <tr key={m.userId} data-testid="root-project-member" data-email={m.email} className={m.status === 0 ? 'text-muted' : undefined}>
              <td className="px-3 py-2">
                <p className="font-medium">{m.name}</p>
                <p className="truncate text-xs text-muted">{m.email}</p>
              </td>
              <td className="px-3 py-2">{m.profiles.length ? m.profiles.join(', ') : <span className="text-muted">{t('noProfile')}</span>}</td>
              <td className="px-3 py-2">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${m.status === 1 ? 'bg-emerald-600/15 text-emerald-800 dark:text-emerald-300' : 'bg-surface-2 text-muted'}`}
                >
                  {m.status === 1 ? t('active') : t('deactivated')}
                </span>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                <time dateTime={m.joinedAt}>{formatDate(m.joinedAt, locale, timeZone)}</time>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
