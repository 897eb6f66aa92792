'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useText } from '@/lib/i18n/client';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LanguageSwitcher } from '@/components/shell/LanguageSwitcher';
import { ProjectPicker } from '@/components/shell/ProjectPicker';
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

const GROUP_LABEL = { main: 'groupMain', extensions: 'groupExtensions', root: 'groupRoot' } as const;

/** The vertical layout: sidebar (a drawer under 960 px) and the app bar. */
export function DashboardFrame({ appName, groups, projectName, profileName, current, userName, accountHref, banner, notice, actions, children }: FrameProps) {
  const t = useText('nav');
  const s = useText('shell');
  const p = useText('picker');
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const drawer = useRef<HTMLElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const button = opener.current;
    // A modal drawer: Escape closes it, Tab stays inside, focus returns to the menu button.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') return setOpen(false);
      if (e.key !== 'Tab' || !drawer.current) return;
      const items = drawer.current.querySelectorAll<HTMLElement>('a[href], button');
      const first = items[0];
      const last = items[items.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      button?.focus();
    };
  }, [open]);

  // The section holding the page: the longest entry the path starts with (/root/projects/x
  // is under Projects, not also under the overview at /root).
  const activeHref = groups
    .flatMap((g) => g.items.map((i) => i.href))
    .filter((href) => pathname === href || pathname.startsWith(href + '/'))
    .reduce<string | null>((best, href) => (!best || href.length > best.length ? href : best), null);

  const sidebar = (
    <nav aria-label={t('sidebar')} className="flex flex-col gap-5 p-3" data-testid="sidebar">
      {groups.map((g) => (
        <div key={g.group}>
          <p className="text-muted px-3 pb-1 text-xs font-semibold tracking-wide uppercase">{t(GROUP_LABEL[g.group])}</p>
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
      <aside className="border-line bg-surface sticky top-0 hidden h-dvh overflow-y-auto border-r md:block">
        <div className="flex h-14 items-center px-6 font-semibold">{appName}</div>
        {sidebar}
      </aside>
      {open && (
        <div className="fixed inset-0 z-50 md:hidden" role="dialog" aria-modal="true" aria-label={t('sidebar')}>
          <button type="button" aria-label={t('closeMenu')} className="absolute inset-0 bg-black/40" onClick={() => setOpen(false)} />
          <aside ref={drawer} className="bg-surface relative h-full w-72 max-w-[85vw] overflow-y-auto shadow-xl">
            <div className="flex h-14 items-center justify-between px-4 font-semibold">
              {appName}
              <button type="button" autoFocus onClick={() => setOpen(false)} aria-label={t('closeMenu')} className="hover:bg-surface-2 grid size-9 place-items-center rounded-md text-xl">
                ×
              </button>
            </div>
            {sidebar}
          </aside>
        </div>
      )}
      <div className="flex min-w-0 flex-col">
        {notice}
        <header className="border-line bg-surface/95 sticky top-0 z-40 flex h-14 items-center gap-2 border-b px-3 backdrop-blur sm:px-4">
          <button ref={opener} type="button" onClick={() => setOpen(true)} aria-label={t('openMenu')} aria-expanded={open} className="hover:bg-surface-2 grid size-9 place-items-center rounded-md md:hidden" data-testid="open-sidebar">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
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
                aria-label={projectName ? p('trigger', { current: p('current', { project: projectName, profile: profileName ?? s('noProfile') }) }) : p('triggerNone')}
                className="hover:bg-surface-2 flex max-w-full items-center gap-1 rounded-md px-2 py-1.5 text-left text-sm"
                data-testid="active-project"
              >
                <span className="truncate">
                  <span className="font-semibold">{projectName ?? s('noProject')}</span>
                  {projectName && <span className="text-muted"> · {profileName ?? s('noProfile')}</span>}
                </span>
                <svg aria-hidden="true" viewBox="0 0 20 20" className="text-muted size-4 shrink-0" fill="currentColor">
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
          <details className="relative">
            <summary aria-label={t('userMenu')} className="bg-primary grid size-9 cursor-pointer list-none place-items-center rounded-full text-sm font-semibold text-white">
              {userName.charAt(0).toUpperCase()}
            </summary>
            <div className="border-line bg-surface absolute right-0 mt-2 flex w-60 flex-col rounded-md border p-2 shadow-lg">
              <p className="text-muted truncate px-3 py-2 text-xs">{s('signedInAs', { name: userName })}</p>
              <div className="px-3 py-2 sm:hidden">
                <LanguageSwitcher />
              </div>
              <Link href={accountHref} className="hover:bg-surface-2 rounded px-3 py-2 text-sm">
                {t('account')}
              </Link>
              <Link href="/logout" prefetch={false} className="hover:bg-surface-2 rounded px-3 py-2 text-sm">
                {t('logout')}
              </Link>
            </div>
          </details>
        </header>
        <main id="main" className="flex-1 p-4 sm:p-6">
          {children}
        </main>
        {banner}
      </div>
      <ProjectPicker current={current} />
    </div>
  );
}
