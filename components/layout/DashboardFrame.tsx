'use client';

import { useAtomValue } from 'jotai';
import { usePathname } from 'next/navigation';
import { useText } from '@/lib/i18n/client';
import { intentProps } from '@/lib/shell/idle';
import { MenuButton } from './MenuButton';
import { USER_MENU_TRIGGER } from './user-menu-trigger';
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { LanguageSwitcher } from '@/components/shell/LanguageSwitcher';
import { LazyProjectPicker } from '@/components/shell/LazyProjectPicker';
import { ThemeToggle } from '@/components/shell/ThemeToggle';
import type { NavGroup } from '@/lib/routes/nav';
import { foldedOf, sidebarCollapsedAtom } from '@/lib/shell/sidebar';
import { AvatarFace } from './Avatar';
import { SidebarNav } from './SidebarNav';
import { SidebarToggle } from './SidebarToggle';
import { openPicker } from '@/lib/shell/picker';
import type { CurrentPair } from '@/lib/shell/picker-state';

export type FrameProps = {
  appName: string;
  groups: NavGroup[];
  projectName: string | null;
  /** The project's logo URL from its settings, shown beside its name. */
  projectLogo?: string | null;
  profileName: string | null;
  /** The session's active pair, which the picker preselects; null when not connected. */
  current: CurrentPair;
  userName: string;
  /** The uploaded avatar's URL; initials without one. */
  userAvatar?: string | null;
  /** The tablet sidebar folded to icons, as the cookie had it when the page was rendered. */
  sidebarFolded?: boolean;
  accountHref: string;
  /** Floats at the bottom of the content column (the email bar), never over its end. */
  banner?: ReactNode;
  /** Above the app bar: root acting as the project's admin. The picker is then locked. */
  notice?: ReactNode;
  /** App bar controls before the language switcher (socket status, notifications). */
  actions?: ReactNode;
  children: ReactNode;
};

// The drawer (Radix Dialog) and the avatar menu (Radix dropdown, on Floating UI) are chunks of
// their own, fetched at the first sign of intent (pointer, touch, focus): what every page
// loads is two plain buttons, which keeps signed-in pages within their First Load JS budget.
const loadDrawer = () => import('./SidebarDrawer');
const SidebarDrawer = lazy(loadDrawer);
const loadUserMenu = () => import('./UserMenu');
const UserMenu = lazy(loadUserMenu);

const SIDEBAR_ID = 'dashboard-sidebar';

/** The vertical layout: sidebar (a drawer under 960 px) and the app bar. */
export function DashboardFrame(props: FrameProps) {
  const {
    appName,
    groups,
    projectName,
    projectLogo = null,
    profileName,
    current,
    userName,
    userAvatar = null,
    accountHref,
    banner,
    notice,
    actions,
    children,
  } = props;
  const folded = foldedOf(useAtomValue(sidebarCollapsedAtom), props.sidebarFolded ?? false);
  const t = useText('nav');
  const s = useText('shell');
  const p = useText('picker');
  const pathname = usePathname();
  const drawerTrigger = useRef<HTMLButtonElement>(null);
  // The drawer belongs to the page it was opened on: a new page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const closeDrawer = useCallback(() => setOpenOn(null), []);
  // Once asked for, the avatar menu stays mounted (and Radix opens and closes it).
  const [menuWanted, setMenuWanted] = useState(false);

  // The section holding the page: the longest entry the path starts with (/root/projects/x
  // is under Projects, not also under the overview at /root).
  const activeHref = groups
    .flatMap((g) => g.items.map((i) => i.href))
    .filter((href) => pathname === href || pathname.startsWith(href + '/'))
    .reduce<string | null>((best, href) => (!best || href.length > best.length ? href : best), null);

  const userMenuButton = (
    <button
      type="button"
      aria-label={t('userMenu')}
      aria-haspopup="menu"
      aria-expanded={false}
      {...intentProps(loadUserMenu)}
      onClick={() => setMenuWanted(true)}
      className={USER_MENU_TRIGGER}
      data-testid="user-menu"
    >
      <AvatarFace name={userName} src={userAvatar} />
    </button>
  );

  const sidebar = <SidebarNav groups={groups} activeHref={activeHref} />;
  const logo = projectLogo && (
    <img src={projectLogo} alt="" width={24} height={24} className="size-6 shrink-0 rounded object-contain" data-testid="project-logo" />
  );

  return (
    <div
      className={`min-h-dvh md:grid md:grid-cols-[16rem_1fr] ${folded ? 'md:max-lg:grid-cols-[4.5rem_1fr]' : ''}`}
      data-layout="vertical"
      data-sidebar={folded ? 'icons' : 'full'}
    >
      <aside className="sticky top-0 hidden h-dvh overflow-y-auto border-r border-line bg-surface md:block">
        <div className={`flex h-14 items-center justify-between gap-2 pr-3 pl-6 font-semibold ${folded ? 'md:max-lg:justify-center md:max-lg:px-2' : ''}`}>
          <span className={`truncate ${folded ? 'md:max-lg:sr-only' : ''}`}>{appName}</span>
          <SidebarToggle controls={SIDEBAR_ID} folded={folded} />
        </div>
        <SidebarNav groups={groups} activeHref={activeHref} folded={folded} id={SIDEBAR_ID} />
      </aside>
      <div className="flex min-w-0 flex-col">
        {notice}
        <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b border-line bg-surface/95 px-3 backdrop-blur sm:px-4">
          {/* Under 960 px the sidebar is a modal drawer: focus stays inside, the page does not scroll, Escape closes it. */}
          <MenuButton
            ref={drawerTrigger}
            label={t('openMenu')}
            open={open}
            load={loadDrawer}
            onOpen={() => setOpenOn(pathname)}
            className="md:hidden"
            testId="open-sidebar"
          />
          {open && (
            <Suspense fallback={null}>
              <SidebarDrawer appName={appName} onClose={closeDrawer} returnFocusTo={drawerTrigger}>
                {sidebar}
              </SidebarDrawer>
            </Suspense>
          )}
          <div className="min-w-0 flex-1">
            {notice ? (
              // Acting as admin is one project: the way out is the notice's button.
              <p className="flex max-w-full items-center gap-2 px-2 py-1.5 text-sm" title={p('locked')} data-testid="active-project">
                {logo}
                <span className="truncate">
                  <span className="font-semibold">{projectName ?? s('noProject')}</span>
                  {projectName && <span className="text-muted"> · {profileName ?? s('noProfile')}</span>}
                </span>
              </p>
            ) : (
              <button
                type="button"
                onClick={() => openPicker()}
                aria-haspopup="dialog"
                aria-label={
                  projectName ? p('trigger', { current: p('current', { project: projectName, profile: profileName ?? s('noProfile') }) }) : p('triggerNone')
                }
                className="flex max-w-full items-center gap-2 rounded-control px-2 py-1.5 text-left text-sm hover:bg-surface-2"
                data-testid="active-project"
              >
                {logo}
                <span className="truncate">
                  <span className="font-semibold">{projectName ?? s('noProject')}</span>
                  {projectName && <span className="text-muted"> · {profileName ?? s('noProfile')}</span>}
                </span>
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-muted" fill="currentColor">
                  <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
                </svg>
              </button>
            )}
          </div>
          {actions}
          <div className="hidden sm:block">
            <LanguageSwitcher />
          </div>
          <ThemeToggle />
          {menuWanted ? (
            <Suspense fallback={userMenuButton}>
              <UserMenu userName={userName} userAvatar={userAvatar} accountHref={accountHref} />
            </Suspense>
          ) : (
            userMenuButton
          )}
        </header>
        <main id="main" className="flex-1 p-4 sm:p-6">
          {children}
        </main>
        {banner}
      </div>
      <LazyProjectPicker current={current} />
    </div>
  );
}
