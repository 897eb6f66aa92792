import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { DashboardFrame } from '@/components/layout/DashboardFrame';
import { currentViewer } from '@/lib/auth/current';
import { appName } from '@/lib/env';
import { pageLocale } from '@/lib/i18n/page';
import { pathFor } from '@/lib/routes/match';
import { sidebarFor } from '@/lib/routes/nav';

// Every page here depends on who is signed in.
export const dynamic = 'force-dynamic';

/** The vertical layout of the dashboard, account and root areas. */
export default async function DashboardLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  const viewer = await currentViewer();
  // A valid token whose user is gone or disabled: end the session.
  if (!viewer) redirect('/logout');
  const groups = sidebarFor(
    {
      isRootUser: viewer.user.isRoot,
      connected: Boolean(viewer.project && viewer.profile),
      profile: viewer.profile,
      extensions: viewer.project?.extensions ?? [],
    },
    locale,
  );
  return (
    <DashboardFrame
      appName={appName()}
      groups={groups}
      projectName={viewer.project?.name ?? null}
      profileName={viewer.profile?.name ?? null}
      userName={viewer.user.name}
      accountHref={pathFor('accountTab', locale, { tab: 'general' })}
    >
      {children}
    </DashboardFrame>
  );
}
