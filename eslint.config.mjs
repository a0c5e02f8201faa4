// ESLint (flat config), run by `npm run lint` and the "Lint" step of `npm test` (scripts/validate.ts).
// Next.js rules (core web vitals), typescript-eslint's recommended rules, jsx-a11y's recommended
// rules and react-hooks' recommended rules, all as errors: a finding fails the run.
import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Keys that users choose (bundle refs, task ids, query and header names, JSON keys) never index a
 * plain object (decision 022): `obj['constructor']` answers Object.prototype's member and zod's
 * z.record drops a `__proto__` key. Objects read from request data are keyed maps
 * (lib/schemas/keyed.ts), Maps, dict()s (lib/dict.ts) or read with Object.hasOwn.
 */
const KEYED_BY_USERS = 'keys chosen by users never index a plain object (decision 022)';
const userKeyRules = [
  {
    selector: "CallExpression[callee.object.name='z'][callee.property.name=/^(record|partialRecord|looseRecord)$/]",
    message: `${KEYED_BY_USERS}: read a JSON object keyed by the caller with keyedMap() (lib/schemas/keyed.ts), a Map with every key as sent`,
  },
  {
    selector: "BinaryExpression[operator='in'][left.type!='Literal']",
    message: `${KEYED_BY_USERS}: \`key in object\` also finds Object.prototype's members; use Map#has or Object.hasOwn(object, key)`,
  },
  {
    selector: "VariableDeclarator[id.typeAnnotation.typeAnnotation.typeName.name='Record'][init.type='ObjectExpression'][init.properties.length=0]",
    message: `${KEYED_BY_USERS}: an empty object filled under computed keys is a Map or dict() (lib/dict.ts)`,
  },
];

const config = [
  {
    ignores: [
      '.next/**',
      '.next-*/**',
      'bench/bare-next/.next/**',
      'bench/bare-next/next-env.d.ts',
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
  {
    // The code that serves requests and the console (tests and benches build their own fixtures).
    files: ['app/**', 'lib/**', 'components/**', 'server/**', 'server.ts'],
    rules: { 'no-restricted-syntax': ['error', ...userKeyRules] },
  },
  {
    // The one module that may build a z.record: the OpenAPI document's picture of a keyed map.
    files: ['lib/schemas/keyed.ts'],
    rules: { 'no-restricted-syntax': ['error', ...userKeyRules.slice(1)] },
  },
  {
    // Layers (decision 032): no import circles; lib/server never imports the HTTP layer (lib/api),
    // the console's code (lib/client, components, app); client code and the modules it shares
    // never import lib/server (a route handler or server component does, through app/).
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './lib/server', from: ['./lib/api', './lib/client', './components', './app', './server'], message: 'lib/server is the data layer: it answers lib/api, never imports it or the console.' },
            { target: './lib/api', from: ['./lib/client', './components', './app'], message: 'lib/api is the HTTP layer: it never imports the console.' },
            {
              target: ['./components', './lib/client', './lib/kinds', './lib/schemas', './lib/graph', './lib/versions', './lib/catalog', './lib/errors.ts'],
              from: ['./lib/server', './server'],
              message: 'Code that runs in the browser (and what it shares) never imports the server.',
            },
            {
              target: ['./components', './lib/client', './lib/kinds', './lib/schemas', './lib/graph', './lib/versions', './lib/catalog', './lib/errors.ts'],
              from: './lib/api',
              except: ['./session-cookie.ts'],
              message: 'Code that runs in the browser (and what it shares) never imports the HTTP layer (the cookie names excepted).',
            },
            { target: './lib/kinds', from: ['./lib/schemas', './lib/client', './components'], message: 'lib/kinds is the client-safe registry: no zod, nothing that imports it back.' },
          ],
        },
      ],
    },
  },
  {
    // No zod on a list page's first load (decision 028): the list pages, their shared body, the
    // registry and the client paths they load take types from lib/schemas, never values.
    files: ['components/*/*List.tsx', 'components/ui/ListBody.tsx', 'components/console/nav.ts', 'lib/kinds/**', 'lib/client/query-hub.tsx', 'lib/client/query-slot.ts', 'lib/client/resource-list.ts', 'lib/client/kinds.ts', 'lib/client/list.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'zod stays out of the list pages\' first load (decision 028).' }],
          patterns: [{ group: ['@/lib/schemas/*', '**/schemas/*', '!**/schemas/usage-kinds', '!**/schemas/history-values'], allowTypeImports: true, message: 'Only types from lib/schemas on a list page\'s first load (decision 028).' }],
        },
      ],
    },
  },
];

export default config;
