import { Link } from '@/components/ui/Link';
import { getTranslations } from '@/lib/i18n/translations';
import { HeaderAuthLink, type AuthHrefs } from '@/components/layout/HeaderAuthLinks';
import { PublicMenu } from '@/components/layout/PublicMenu';
import { LanguageSwitcher } from '@/components/shell/LanguageSwitcher';
import { ThemeToggle } from '@/components/shell/ThemeToggle';
import { appName } from '@/lib/env';
import { pathFor } from '@/lib/routes/match';
import type { Locale } from '@/lib/routes/table';

/**
 * The horizontal layout's header. It reads no cookies (public pages are cached for everyone):
 * the account link (Log in, or Dashboard for a signed-in browser) and the mobile menu are
 * client islands.
 */
export async function PublicHeader({ locale }: { locale: Locale }) {
  const t = await getTranslations('nav');
  const links = [
    { href: pathFor('index', locale), label: t('home') },
    { href: pathFor('faq', locale), label: t('faq') },
  ];
  const hrefs: AuthHrefs = { login: pathFor('login', locale), register: pathFor('register', locale), dashboard: pathFor('dashboard', locale) };
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4">
        <Link href={pathFor('index', locale)} className="flex items-center gap-2 font-semibold">
          <span aria-hidden="true" className="grid size-7 place-items-center rounded-control bg-primary text-sm text-white">
            {appName().charAt(0)}
          </span>
          {appName()}
        </Link>
        <nav aria-label={t('primary')} className="ml-4 hidden gap-1 sm:flex">
          {links.map((l) => (
            <Link key={l.href} href={l.href} className="rounded-control px-3 py-1.5 text-sm text-muted hover:bg-surface-2 hover:text-ink">
              {l.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1.5">
          <LanguageSwitcher />
          <ThemeToggle />
          <HeaderAuthLink hrefs={hrefs} />
          <PublicMenu appName={appName()} links={links} hrefs={hrefs} />
        </div>
      </div>
    </header>
  );
}
