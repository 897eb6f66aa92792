'use client';

import { useState, type ReactNode } from 'react';
import { useText } from '@/lib/i18n/client';
import { ExtensionSwitches } from './ExtensionSwitches';
import { StatusActions } from './StatusActions';
import { StatusBadge } from './StatusBadge';

type Props = {
  project: { id: string; key: string; name: string; status: number; extensions: string[] };
  /** The "login as admin" control. */
  adminEntry: ReactNode;
  /** The project's audit log: loaded again after each change made here, so it shows it. */
  activity: ReactNode;
  /** The request, files and members, between the actions and the activity. */
  children: ReactNode;
};

/** A project's page around what changes on it: the status badge, the actions and the activity. */
export function ProjectDetailShell({ project, adminEntry, activity, children }: Props) {
  const t = useText('rootProjects');
  const [status, setStatus] = useState(project.status);
  const [extensions, setExtensions] = useState(project.extensions);
  const [changes, setChanges] = useState(0);
  const changed = () => setChanges((n) => n + 1);

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words">{project.name}</h1>
          <p className="text-muted mt-1 flex flex-wrap items-center gap-3 text-sm">
            <span>
              {t('key')}: <span className="text-ink font-mono">{project.key}</span>
            </span>
            <StatusBadge status={status} testId="root-project-status" />
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <StatusActions
            project={{ id: project.id, name: project.name, status }}
            onChanged={(next) => {
              setStatus(next);
              changed();
            }}
          />
          {adminEntry}
        </div>
      </header>

      {children}

      <section aria-labelledby="root-project-extensions" className="flex max-w-xl flex-col gap-3">
        <div>
          <h2 id="root-project-extensions" className="text-lg font-semibold">
            {t('extensions')}
          </h2>
          <p className="text-muted text-sm">{t('extensionsLead')}</p>
        </div>
        <ExtensionSwitches
          projectId={project.id}
          extensions={extensions}
          onChanged={(next) => {
            setExtensions(next);
            changed();
          }}
        />
      </section>

      <section aria-labelledby="root-project-activity" className="flex flex-col gap-3">
        <h2 id="root-project-activity" className="text-lg font-semibold">
          {t('activity')}
        </h2>
        <div key={changes}>{activity}</div>
      </section>
    </div>
  );
}
