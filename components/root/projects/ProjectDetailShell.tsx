'use client';

import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { StorageMeter } from '@/components/quotas/StorageMeter';
import { useText } from '@/lib/i18n/client';
import type { ProjectDetail } from '@/lib/root/projects';
import { projectQuery } from '@/lib/root/queries';
import { ExtensionSwitches } from './ExtensionSwitches';
import { StatusActions } from './StatusActions';
import { StatusBadge } from './StatusBadge';

type Props = {
  /** As the server rendered it: it seeds the cache the actions here update. */
  detail: ProjectDetail;
  /** The "login as admin" control. */
  adminEntry: ReactNode;
  /** The project's audit log (the actions here mark it stale, so it shows their entries). */
  activity: ReactNode;
  /** The request, files and members, between the actions and the activity. */
  children: ReactNode;
};

/** A project's page around what changes on it: the status badge, the actions and the activity. */
export function ProjectDetailShell({ detail, adminEntry, activity, children }: Props) {
  const t = useText('rootProjects');
  const tq = useText('quotas');
  const { project, storage } = useQuery({ ...projectQuery(detail.project.id), initialData: detail }).data;

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words">{project.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-3 text-sm text-muted">
            <span>
              {t('key')}: <span className="font-mono text-ink">{project.key}</span>
            </span>
            <StatusBadge status={project.status} testId="root-project-status" />
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <StatusActions project={project} />
          {adminEntry}
        </div>
      </header>

      {children}

      <section aria-labelledby="root-project-storage" className="flex flex-col gap-3">
        <h2 id="root-project-storage" className="text-lg font-semibold">
          {tq('title')}
        </h2>
        <StorageMeter usage={storage} lead={tq('projectLead')} testId="root-project-storage" />
      </section>

      <section aria-labelledby="root-project-extensions" className="flex max-w-xl flex-col gap-3">
        <div>
          <h2 id="root-project-extensions" className="text-lg font-semibold">
            {t('extensions')}
          </h2>
          <p className="text-sm text-muted">{t('extensionsLead')}</p>
        </div>
        <ExtensionSwitches projectId={project.id} extensions={project.extensions} />
      </section>

      <section aria-labelledby="root-project-activity" className="flex flex-col gap-3">
        <h2 id="root-project-activity" className="text-lg font-semibold">
          {t('activity')}
        </h2>
        {activity}
      </section>
    </div>
  );
}
