'use client';

import { Link } from '@/components/ui/Link';
import { NavBadge } from '@/components/dashboard/NavBadge';
import { useText } from '@/lib/i18n/client';
import type { NavGroup } from '@/lib/routes/nav';
import { navIcon } from './nav-icons';

const GROUP_LABEL = { main: 'groupMain', extensions: 'groupExtensions', root: 'groupRoot' } as const;

// Folded to icons only between the md and lg breakpoints (tablets): the `md:max-lg:` variants
// apply the fold there, so a wider window or the drawer always shows the labels.
const FOLD = {
  heading: 'md:max-lg:sr-only',
  link: 'md:max-lg:justify-center md:max-lg:px-0',
  label: 'md:max-lg:sr-only',
};

type Props = {
  groups: NavGroup[];
  activeHref: string | null;
  /** Icons only on tablets; the drawer passes false. */
  folded?: boolean;
  id?: string;
};

/** The sections, each an icon and its name; folded, the name stays for screen readers and as the tooltip. */
export function SidebarNav({ groups, activeHref, folded = false, id }: Props) {
  const t = useText('nav');
  return (
    <nav id={id} aria-label={t('sidebar')} className={`flex flex-col gap-5 p-3 ${folded ? 'md:max-lg:px-2' : ''}`} data-testid="sidebar">
      {groups.map((g) => (
        <div key={g.group}>
          <p className={`px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase ${folded ? FOLD.heading : ''}`}>{t(GROUP_LABEL[g.group])}</p>
          <ul className="flex flex-col gap-0.5">
            {g.items.map((item) => {
              const active = item.href === activeHref;
              const Icon = navIcon(item.name);
              const label = t(item.name);
              return (
                <li key={item.name}>
                  <Link
                    href={item.href}
                    aria-current={active ? 'page' : undefined}
                    // The tooltip matters when folded; the visible (or sr-only) label is the accessible name.
                    title={folded ? label : undefined}
                    data-nav={item.name}
                    className={`flex items-center gap-3 rounded-control px-3 py-2 text-sm ${active ? 'bg-primary text-white' : 'hover:bg-surface-2'} ${folded ? FOLD.link : ''}`}
                  >
                    <Icon aria-hidden="true" className="size-4 shrink-0" data-testid={`nav-icon-${item.name}`} />
                    <span className={`min-w-0 flex-1 truncate ${folded ? FOLD.label : ''}`}>{label}</span>
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
}
