'use client';

import { setCookie } from 'cookies-next/client';
import { useSetAtom } from 'jotai';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useText } from '@/lib/i18n/client';
import { SIDEBAR_COOKIE, SIDEBAR_MAX_AGE_SECONDS, sidebarCollapsedAtom, sidebarCookieValue } from '@/lib/shell/sidebar';

/** Folds the sidebar to icons and back; shown only on tablet widths, where the fold applies. */
export function SidebarToggle({ controls, folded: collapsed }: { controls: string; folded: boolean }) {
  const ui = useText('ui');
  const setCollapsed = useSetAtom(sidebarCollapsedAtom);
  const Icon = collapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <button
      type="button"
      aria-expanded={!collapsed}
      aria-controls={controls}
      aria-label={collapsed ? ui('expandSidebar') : ui('collapseSidebar')}
      title={collapsed ? ui('expandSidebar') : ui('collapseSidebar')}
      onClick={() => {
        const next = !collapsed;
        setCollapsed(next);
        setCookie(SIDEBAR_COOKIE, sidebarCookieValue(next), { maxAge: SIDEBAR_MAX_AGE_SECONDS, path: '/', sameSite: 'lax' });
      }}
      className="hidden size-9 shrink-0 place-items-center rounded-control text-muted hover:bg-surface-2 hover:text-ink md:max-lg:grid"
      data-testid="sidebar-toggle"
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}
