'use client';

import * as Menu from '@radix-ui/react-dropdown-menu';
import { Link } from '@/components/ui/Link';
import { switchLocale, useOtherLocales } from '@/components/shell/LanguageSwitcher';
import { useText } from '@/lib/i18n/client';
import { AvatarFace } from './Avatar';
import { USER_MENU_TRIGGER } from './user-menu-trigger';

const MENU_ITEM = 'data-[highlighted]:bg-surface-2 rounded px-3 py-2 text-sm outline-none';

type Props = { userName: string; userAvatar: string | null; accountHref: string };

/**
 * The avatar menu, loaded on demand by DashboardFrame and mounted open, in place of the plain
 * button that stood for it: a Radix dropdown that closes on Escape, an outside click or a choice.
 */
export default function UserMenu({ userName, userAvatar, accountHref }: Props) {
  const t = useText('nav');
  const s = useText('shell');
  const others = useOtherLocales();
  return (
    <Menu.Root modal={false} defaultOpen>
      <Menu.Trigger aria-label={t('userMenu')} className={USER_MENU_TRIGGER} data-testid="user-menu">
        <AvatarFace name={userName} src={userAvatar} />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={8} className="z-50 flex w-60 flex-col rounded-control border border-line bg-surface p-2 text-ink shadow-overlay">
          <Menu.Label className="truncate px-3 py-2 text-xs text-muted">{s('signedInAs', { name: userName })}</Menu.Label>
          {others.map((l) => (
            <Menu.Item key={l} lang={l} onSelect={() => switchLocale(l)} className={`${MENU_ITEM} sm:hidden`}>
              {s(`languages.${l}`)}
            </Menu.Item>
          ))}
          <Menu.Item asChild className={MENU_ITEM}>
            <Link href={accountHref}>{t('account')}</Link>
          </Menu.Item>
          <Menu.Item asChild className={MENU_ITEM}>
            <Link href="/logout" prefetch={false}>
              {t('logout')}
            </Link>
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
