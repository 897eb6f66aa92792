import type { Metadata, Viewport } from 'next';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { BuildCheck } from '@/components/shell/BuildCheck';
import { ReadyFlag } from '@/components/shell/Preloader';
import { ShellLayers } from '@/components/shell/ShellLayers';
import { TextProvider } from '@/lib/i18n/client';
import { EVERY_PAGE_NAMESPACES } from '@/lib/i18n/namespaces';
import { pageLocale } from '@/lib/i18n/page';
import { appName } from '@/lib/env';
import { themeBootScript } from '@/lib/shell/theme';
import '../globals.css';

// No page is rendered at build time (it has no database); each is rendered on its first
// request and, when it reads no cookie, kept and served from the cache after that.
export function generateStaticParams() {
  return [];
}

export async function generateMetadata(): Promise<Metadata> {
  const name = appName();
  return {
    title: { template: `%s · ${name}`, default: name },
    applicationName: name,
    icons: { icon: '/icon.svg' },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#4f46e5',
};

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  const messages = await getMessages();
  // Client components only get the strings they use, to keep pages light.
  const clientMessages = Object.fromEntries(EVERY_PAGE_NAMESPACES.map((ns) => [ns, messages[ns] as Record<string, unknown>]));

  return (
    <html lang={locale} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <noscript>
          <style>{'#preloader{display:none}'}</style>
        </noscript>
      </head>
      <body className="bg-surface font-sans text-ink antialiased">
        <TextProvider locale={locale} messages={clientMessages}>
          <ReadyFlag />
          {children}
          <ShellLayers />
          <BuildCheck />
        </TextProvider>
      </body>
    </html>
  );
}
