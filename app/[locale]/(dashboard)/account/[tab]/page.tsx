import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { GeneralForm } from '@/components/account/GeneralForm';
import { ProjectsList } from '@/components/account/ProjectsList';
import { SecurityTab } from '@/components/account/SecurityTab';
import { currentViewer } from '@/lib/auth/current';
import { pendingEmail } from '@/lib/auth/one-time';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { alternatesFor } from '@/lib/i18n/alternates';
import { pageLocale } from '@/lib/i18n/page';
import { userProjects } from '@/lib/projects/service';
import { pathFor } from '@/lib/routes/match';
import { routes } from '@/lib/routes/table';

type Props = { params: Promise<{ locale: string; tab: string }> };
const TABS = Object.keys(routes.accountTab.params.tab) as (keyof typeof routes.accountTab.params.tab)[];
// The account forms' strings in the browser: their own, the shared field ones and the rules'.
const FORM_NAMESPACES = ['account', 'auth', 'validation'];

async function tabOf(params: Props['params']) {
  const { tab } = await params;
  const known = TABS.find((t) => t === tab);
  if (!known) notFound();
  return known;
}

/** The zones this server accepts, with the user's own even if the runtime dropped it. */
function timeZones(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return [...new Set([current, 'UTC', ...zones])].filter(Boolean).sort((a, b) => a.localeCompare(b));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params);
  const tab = await tabOf(params);
  const t = await getTranslations('account');
  return { title: `${t(`tabs.${tab}`)} · ${t('title')}`, alternates: alternatesFor('accountTab', locale, { tab }), robots: { index: false } };
}

export default async function AccountTabPage({ params }: Props) {
  const locale = await pageLocale(params);
  const tab = await tabOf(params);
  const t = await getTranslations('account');
  const viewer = (await currentViewer())!;
  const { user } = viewer;

  let content: ReactNode;
  if (tab === 'general') {
    const pending = await pendingEmail(getDb(), user.id);
    content = (
      <TextScope namespaces={FORM_NAMESPACES}>
        <GeneralForm user={{ name: user.name, email: user.email, timeZone: user.timeZone, avatar: user.avatar }} zones={timeZones(user.timeZone)} emailPending={pending} />
      </TextScope>
    );
  } else if (tab === 'security') {
    content = (
      <TextScope namespaces={FORM_NAMESPACES}>
        <SecurityTab timeZone={user.timeZone} />
      </TextScope>
    );
  } else {
    content = <ProjectsList projects={await userProjects(getDb(), user.id)} locale={locale} />;
  }

  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="text-muted mt-1">
        {user.name} · {user.email}
      </p>
      <nav aria-label={t('tabsLabel')} className="border-line mt-6 flex gap-1 overflow-x-auto border-b">
        {TABS.map((name) => (
          <Link
            key={name}
            href={pathFor('accountTab', locale, { tab: name })}
            aria-current={name === tab ? 'page' : undefined}
            className={`-mb-px border-b-2 px-4 py-2 text-sm whitespace-nowrap ${name === tab ? 'border-primary text-primary font-medium' : 'text-muted border-transparent'}`}
          >
            {t(`tabs.${name}`)}
          </Link>
        ))}
      </nav>
      <h2 className="mt-6 mb-4 text-lg font-semibold" data-testid="account-tab-title">
        {t(`tabs.${tab}`)}
      </h2>
      {content}
    </div>
  );
}
