import { Link } from '@/components/ui/Link';
import type { ReactNode } from 'react';
import { getTranslations } from '@/lib/i18n/translations';
import { GeneralForm } from '@/components/account/GeneralForm';
import { ProjectsList } from '@/components/account/ProjectsList';
import { SecurityTab } from '@/components/account/SecurityTab';
import { MyRequests } from '@/components/requests/MyRequests';
import { currentViewer } from '@/lib/auth/current';
import { pendingEmail } from '@/lib/auth/one-time';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { userProjects } from '@/lib/projects/service';
import { pathFor } from '@/lib/routes/match';
import { tabPage } from '@/lib/routes/tab-page';
import { timeZoneOptions } from '@/lib/settings/options';

type Props = { params: Promise<{ locale: string; tab: string }> };
const page = tabPage('accountTab', 'account');
export const generateMetadata = page.generateMetadata;
// The account forms' strings in the browser: their own, the shared field ones and the rules'.
const FORM_NAMESPACES = ['account', 'auth', 'validation'];

export default async function AccountTabPage({ params }: Props) {
  const locale = await pageLocale(params);
  const tab = await page.tabOf(params);
  const t = await getTranslations('account');
  const { user } = (await currentViewer())!;

  let content: ReactNode;
  if (tab === 'projects') content = <ProjectsList projects={await userProjects(getDb(), user.id)} locale={locale} />;
  else if (tab === 'requests')
    content = (
      <TextScope namespaces={['requests', 'validation', 'errors']}>
        <MyRequests timeZone={user.timeZone} />
      </TextScope>
    );
  else
    content = (
      <TextScope namespaces={FORM_NAMESPACES}>
        {tab === 'general' ? (
          <GeneralForm
            user={{ name: user.name, email: user.email, timeZone: user.timeZone, avatar: user.avatar }}
            zones={timeZoneOptions(user.timeZone)}
            emailPending={await pendingEmail(getDb(), user.id)}
          />
        ) : (
          <SecurityTab timeZone={user.timeZone} />
        )}
      </TextScope>
    );

  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-1 text-muted">
        {user.name} · {user.email}
      </p>
      <nav aria-label={t('tabsLabel')} className="mt-6 flex gap-1 overflow-x-auto border-b border-line">
        {page.tabs.map((name) => (
          <Link
            key={name}
            href={pathFor('accountTab', locale, { tab: name })}
            aria-current={name === tab ? 'page' : undefined}
            className={`-mb-px border-b-2 px-4 py-2 text-sm whitespace-nowrap ${name === tab ? 'border-accent font-medium text-accent' : 'border-transparent text-muted'}`}
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
