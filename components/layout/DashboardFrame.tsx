'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { NavBadge } from '@/components/dashboard/NavBadge';
import { useText } from '@/lib/i18n/client';
import { intentProps } from '@/lib/shell/idle';
import { MenuButton } from './MenuButton';
import { USER_MENU_TRIGGER } from './user-menu-trigger';
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { LanguageSwitcher } from '@/components/shell/LanguageSwitcher';
import { LazyProjectPicker } from '@/components/shell/LazyProjectPicker';
import { ThemeToggle } from '@/components/shell/ThemeToggle';
import type { NavGroup } from '@/lib/routes/nav';
import { openPicker } from '@/lib/shell/picker';
import type { CurrentPair } from '@/lib/shell/picker-state';

export type FrameProps = {
  appName: string;
  groups: NavGroup[];
  projectName: string | null;
  profileName: string | null;
  /** The session's active pair, which the picker preselects; null when not connected. */
  current: CurrentPair;
  userName: string;
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

const GROUP_LABEL = { main: 'groupMain', extensions: 'groupExtensions', root: 'groupRoot' } as const;

/** The vertical layout: sidebar (a drawer under 960 px) and the app bar. */
export function DashboardFrame({ appName, groups, projectName, profileName, current, userName, accountHref, banner, notice, actions, children }: FrameProps) {
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
      {userName.charAt(0).toUpperCase()}
    </button>
  );

  const sidebar = (
    <nav aria-label={t('sidebar')} className="flex flex-col gap-5 p-3" data-testid="sidebar">
      {groups.map((g) => (
        <div key={g.group}>
          <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">{t(GROUP_LABEL[g.group])}</p>
          <ul className="flex flex-col gap-0.5">
            {g.items.map((item) => {
              const active = item.href === activeHref;
              return (
                <li key={item.name}>
                  <Link
                    href={item.href}
                    aria-current={active ? 'page' : undefined}
                    className={`block rounded-md px-3 py-2 text-sm ${active ? 'bg-primary text-white' : 'hover:bg-surface-2'}`}
                  >
                    {t(item.name)}
                    <NavBadge name={item.name} />
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );

  return (
    <div className="min-h-dvh md:grid md:grid-cols-[16rem_1fr]" data-layout="vertical">
      <aside className="sticky top-0 hidden h-dvh overflow-y-auto border-r border-line bg-surface md:block">
        <div className="flex h-14 items-center px-6 font-semibold">{appName}</div>
        {sidebar}
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
              <p className="flex max-w-full px-2 py-1.5 text-sm" title={p('locked')} data-testid="active-project">
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
                className="flex max-w-full items-center gap-1 rounded-md px-2 py-1.5 text-left text-sm hover:bg-surface-2"
                data-testid="active-project"
              >
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
              <UserMenu userName={userName} accountHref={accountHref} />
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
