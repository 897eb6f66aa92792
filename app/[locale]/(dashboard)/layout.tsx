import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { DashboardFrame } from '@/components/layout/DashboardFrame';
import { SkipLink } from '@/components/layout/SkipLink';
import { RealtimeRoot } from '@/components/realtime/RealtimeRoot';
import { RequestsNotifier } from '@/components/requests/RequestsNotifier';
import { SocketStatus } from '@/components/realtime/SocketStatus';
import { NotificationBell } from '@/components/shell/NotificationBell';
import { AdminBanner } from '@/components/root/AdminBanner';
import { EmailBar } from '@/components/shell/EmailBar';
import { Preloader } from '@/components/shell/Preloader';
import { QueryProvider } from '@/components/shell/QueryProvider';
import { hasPermissions } from '@/lib/access/check';
import { currentViewer } from '@/lib/auth/current';
import { resendWait } from '@/lib/auth/email-confirmation';
import { viewerSidebar } from '@/lib/dashboard/sidebar';
import { getDb } from '@/lib/db/client';
import { appName } from '@/lib/env';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { pathFor } from '@/lib/routes/match';
import { intlWarmupScript } from '@/lib/shell/intl-warmup';
import { projectLogo } from '@/lib/shell/project-logo';
import { parseSidebarCookie, SIDEBAR_COOKIE } from '@/lib/shell/sidebar';

// Every page here depends on who is signed in.
export const dynamic = 'force-dynamic';

// `dashboard.badge`: the sidebar's badges.
const PICKER_NAMESPACES = ['picker', 'validation', 'dashboard.badge'];
// What the requests notifier says on every page (the whole namespace is the requests pages' own).
const NOTIFIER_MESSAGES = ['requests.notificationTitle', 'requests.notificationNew', 'requests.notificationReply', 'requests.notificationTeamReply'];
const REALTIME_NAMESPACES = ['realtime', 'notifications'];

/** The vertical layout of the dashboard, account and root areas. */
export default async function DashboardLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  const viewer = await currentViewer();
  // A valid token whose user is gone or disabled: end the session.
  if (!viewer) redirect('/logout');
  const logo = await projectLogo(viewer.project?.id ?? null);
  const sidebarFolded = parseSidebarCookie((await cookies()).get(SIDEBAR_COOKIE)?.value);
  const current = viewer.project && viewer.profile ? { projectId: viewer.project.id, profileId: viewer.profile.id } : null;
  return (
    // The picker's strings, and the validation ones its required selects show.
    <TextScope namespaces={PICKER_NAMESPACES}>
      <script dangerouslySetInnerHTML={{ __html: intlWarmupScript }} />
      <SkipLink />
      <Preloader />
      <QueryProvider>
        <DashboardFrame
          appName={appName()}
          groups={await viewerSidebar(viewer, locale)}
          projectName={viewer.project?.name ?? null}
          projectLogo={logo}
          sidebarFolded={sidebarFolded}
          profileName={viewer.profile?.name ?? null}
          current={current}
          userName={viewer.user.name}
          userAvatar={viewer.user.avatar}
          accountHref={pathFor('accountTab', locale, { tab: 'general' })}
          actions={
            <TextScope namespaces={REALTIME_NAMESPACES}>
              <SocketStatus />
              <NotificationBell />
            </TextScope>
          }
          notice={
            viewer.actingAsAdmin &&
            viewer.project && (
              <TextScope namespaces={['actingAdmin']}>
                <AdminBanner projectId={viewer.project.id} projectName={viewer.project.name} />
              </TextScope>
            )
          }
          banner={
            // SPEC.md section 4: only while the email is unconfirmed (status -1).
            viewer.user.status === -1 && (
              <TextScope namespaces={['emailBar']}>
                <EmailBar email={viewer.user.email} secondsLeft={await resendWait(getDb(), viewer.user.id)} />
              </TextScope>
            )
          }
        >
          {children}
          <TextScope namespaces={REALTIME_NAMESPACES}>
            <RealtimeRoot
              viewerId={viewer.user.id}
              activeProjectId={viewer.project?.id ?? null}
              profileId={viewer.profile?.id ?? null}
              canChat={hasPermissions(viewer.profile, ['CHATS__TEAM', 'CHATS__SUPPORT'], 'some')}
              canSupport={hasPermissions(viewer.profile, ['CHATS__SUPPORT'])}
              paths={{ chats: pathFor('chats', locale), supportFallback: pathFor('accountTab', locale, { tab: 'projects' }) }}
            />
          </TextScope>
          <TextScope namespaces={NOTIFIER_MESSAGES}>
            <RequestsNotifier viewerId={viewer.user.id} staff={hasPermissions(viewer.profile, ['REQUESTS__VIEW'])} />
          </TextScope>
        </DashboardFrame>
      </QueryProvider>
    </TextScope>
  );
}
