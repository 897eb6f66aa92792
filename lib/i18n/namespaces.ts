/**
 * The message namespaces every page's client components get from the app layout. Shared
 * components (components/ui, lib/forms) take their strings from these alone, since any page
 * may show them: a namespace a page forgot to bring would print raw keys such as
 * `auth.showPassword` (tests/unit/shared-text.test.ts holds them to it).
 */
export const EVERY_PAGE_NAMESPACES = ['nav', 'shell', 'errors', 'ui'] as const;
