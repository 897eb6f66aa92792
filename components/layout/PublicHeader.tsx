import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { LanguageSwitcher } from '@/components/shell/LanguageSwitcher';
import { ThemeToggle } from '@/components/shell/ThemeToggle';
import { appName } from '@/lib/env';
import { pathFor } from '@/lib/routes/match';
import type { Locale } from '@/lib/routes/table';

export async function PublicHeader({ locale }: { locale: Locale }) {
  const t = await getTranslations('nav');
  const links = [
    { href: pathFor('index', locale), label: t('home') },
    { href: pathFor('faq', locale), label: t('faq') },
  ];
  return (
    <header className="border-line bg-surface/95 sticky top-0 z-40 border-b backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4">
        <Link href={pathFor('index', locale)} className="flex items-center gap-2 font-semibold">
          <span aria-hidden="true" className="bg-primary grid size-7 place-items-center rounded-md text-sm text-white">
            {appName().charAt(0)}
          </span>
          {appName()}
        </Link>
        <nav aria-label={t('primary')} className="ml-4 hidden gap-1 sm:flex">
          {links.map((l) => (
            <Link key={l.href} href={l.href} className="text-muted hover:text-ink hover:bg-surface-2 rounded-md px-3 py-1.5 text-sm">
              {l.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1.5">
          <LanguageSwitcher />
          <ThemeToggle />
          <Link href="/login" className="bg-primary hover:bg-primary-shade hidden rounded-md px-3 py-1.5 text-sm font-medium text-white sm:inline-block" data-testid="login-link">
            {t('login')}
          </Link>
          <details className="relative sm:hidden">
            <summary aria-label={t('openMenu')} className="hover:bg-surface-2 grid size-9 cursor-pointer list-none place-items-center rounded-md">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </summary>
            <nav aria-label={t('primary')} className="border-line bg-surface absolute right-0 mt-2 flex w-56 flex-col rounded-md border p-2 shadow-lg">
              {links.map((l) => (
                <Link key={l.href} href={l.href} className="hover:bg-surface-2 rounded px-3 py-2 text-sm">
                  {l.label}
                </Link>
              ))}
              <Link href="/login" className="hover:bg-surface-2 rounded px-3 py-2 text-sm font-medium">
                {t('login')}
              </Link>
              <Link href={pathFor('register', locale)} className="hover:bg-surface-2 rounded px-3 py-2 text-sm">
                {t('register')}
              </Link>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
