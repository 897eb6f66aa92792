'use client';

import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
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
/** A namespace given in part above and in part (or whole) below holds both parts. */
function mergeScopes(parent: Messages, own: Messages): Messages {
  const merged: Messages = { ...parent };
  for (const [ns, value] of Object.entries(own)) {
    const above = parent[ns];
    merged[ns] = above && typeof above === 'object' && value && typeof value === 'object' ? { ...above, ...value } : value;
  }
  return merged;
}

export function TextProvider({ locale, messages, children }: { locale?: Locale; messages: Messages; children: ReactNode }) {
  const parent = useContext(TextContext);
  const resolved = locale ?? parent?.locale;
  if (!resolved) throw new Error('The outermost <TextProvider> needs a locale');
  const parentMessages = parent?.messages;
  const value = useMemo(
    () => ({ locale: resolved, messages: parentMessages ? mergeScopes(parentMessages, messages) : messages }),
    [resolved, parentMessages, messages],
  );
  return <TextContext.Provider value={value}>{children}</TextContext.Provider>;
}

const reported = new Set<string>();

/**
 * A message the page does not have, said once in the console: the all-pages check
 * (tests/e2e/translations.spec.ts) fails on it, even for text not on screen yet (an error
 * message, a busy label). The reader still sees the key rather than nothing.
 */
function reportMissing(what: string) {
  if (reported.has(what)) return;
  reported.add(what);
  console.error(`Missing message: ${what}`);
}

/** The namespace's text function; the same function while its strings stay the same, so effects may depend on it. */
export function useText(namespace: string) {
  const ctx = useContext(TextContext);
  const strings = ctx?.messages[namespace];
  const locale = ctx?.locale;
  const t = useCallback(
    (key: string, values?: Record<string, string | number>) => {
      const template = lookup(strings, key);
      if (template !== undefined) return format(template, values, locale);
      reportMissing(`${namespace}.${key}`);
      return `${namespace}.${key}`;
    },
    [strings, namespace, locale],
  );
  if (!ctx) throw new Error('useText needs a <TextProvider>');
  if (!strings) reportMissing(`${namespace} (no strings of this namespace on this page)`);
  return t;
}

export function useLocale(): Locale {
  const ctx = useContext(TextContext);
  if (!ctx) throw new Error('useLocale needs a <TextProvider>');
  return ctx.locale;
}
