import { redirect } from 'next/navigation';
import { pageLocale } from '@/lib/i18n/page';
import { pathFor } from '@/lib/routes/match';

/** The settings open on their general tab. */
export default async function SettingsPage({ params }: { params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  redirect(pathFor('settingsTab', locale, { tab: 'general' }));
}
