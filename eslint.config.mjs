import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { defineConfig, globalIgnores } from 'eslint/config';

// Next's core-web-vitals set brings react, react-hooks, jsx-a11y and import; its
// typescript set brings typescript-eslint. Prettier owns formatting (`npm run format`).
export default defineConfig([
  ...nextVitals,
  ...nextTs,
  ...pluginQuery.configs['flat/recommended'],
  globalIgnores(['.next/**', 'node_modules/**', 'drizzle/**', 'data/**', 'test-results/**', 'next-env.d.ts']),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Our images are avatars and logos the server already stored as small WebP, or blob:
      // previews of a picked file; next/image's optimizer would only re-encode them.
      '@next/next/no-img-element': 'off',
      // Links prefetch on intent, not on sight (components/ui/Link.tsx says why).
      'no-restricted-imports': ['error', { paths: [{ name: 'next/link', message: "Use { Link } from '@/components/ui/Link'." }] }],
    },
  },
  { files: ['components/ui/Link.tsx'], rules: { 'no-restricted-imports': 'off' } },
]);
