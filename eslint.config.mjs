// ESLint (flat config), run by `npm run lint` and the "Lint" step of `npm test` (scripts/validate.ts).
// Next.js rules (core web vitals), typescript-eslint's recommended rules, jsx-a11y's recommended
// rules and react-hooks' recommended rules, all as errors: a finding fails the run.
import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';

const config = [
  {
    ignores: [
      '.next/**',
      '.next-*/**',
      'lib/generated/**',
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'test-reports/**',
      'playwright-report/**',
      'blob-report/**',
      'data/**',
      '.tmp/**',
      'next-env.d.ts',
    ],
  },
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    // eslint-config-next already registers the jsx-a11y and react-hooks plugins; only their rules are added here.
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      // The default depth (2) misses a label's text one element deeper, as in the squad form's
      // radio cards (label > span > strong > text).
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-unused-expressions': 'error',
    },
  },
];

export default config;
