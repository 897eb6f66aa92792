// Kept apart from the route table so browser code can name languages without shipping it.
export const locales = ['en', 'es'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';
