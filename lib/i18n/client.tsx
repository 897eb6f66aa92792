'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { format, lookup } from './format';
import type { Locale } from './locales';

// The browser gets plain, already-selected strings instead of next-intl's client runtime:
// the ICU parser it ships is a tenth of a public page's JavaScript, and the shell only
// needs `{name}` placeholders. Server components keep using next-intl.
type Messages = Record<string, Record<string, unknown>>;
const TextContext = createContext<{ locale: Locale; messages: Messages } | null>(null);

/**
 * Nested inside another provider it adds its namespaces to the parent's, so a page can
 * bring the strings only it needs (forms) without the app layout shipping them everywhere.
 */
export function TextProvider({ locale, messages, children }: { locale?: Locale; messages: Messages; children: ReactNode }) {
  const parent = useContext(TextContext);
  const resolved = locale ?? parent?.locale;
  if (!resolved) throw new Error('The outermost <TextProvider> needs a locale');
  const merged = parent ? { ...parent.messages, ...messages } : messages;
  return <TextContext.Provider value={{ locale: resolved, messages: merged }}>{children}</TextContext.Provider>;
}


export function useText(namespace: string) {
  const ctx = useContext(TextContext);
  if (!ctx) throw new Error('useText needs a <TextProvider>');
  return (key: string, values?: Record<string, string | number>) => {
    const template = lookup(ctx.messages[namespace], key);
    return template === undefined ? `${namespace}.${key}` : format(template, values);
  };
}

export function useLocale(): Locale {
  const ctx = useContext(TextContext);
  if (!ctx) throw new Error('useLocale needs a <TextProvider>');
  return ctx.locale;
}
