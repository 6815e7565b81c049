import js from '@eslint/js';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The streamers module's tables named in SQL text (`from streamers`, `join "slug_aliases"`). */
const STREAMERS_TABLE_IN_SQL = String.raw`/\b(from|join|update|into|table)\s+("?public"?\.)?"?(streamers|slug_aliases|streamer_members)\b/i`;
const STREAMERS_OWN_THIS = 'The streamers module owns this table: use streamers.repository.ts.';
const STREAMERS_TABLE_IMPORT = {
  group: ['**/db/schema', '**/db/schema.ts'],
  importNames: ['streamers', 'slugAliases', 'streamerMembers'],
  message: STREAMERS_OWN_THIS,
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'apps/web/build/**',
      'apps/web/.react-router/**',
      'apps/server/src/db/migrations/**',
      'bench/results/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The sandbox checkout page's script runs in the browser.
    files: ['apps/server/src/modules/sandbox/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Domain modules own their tables: only modules/streamers reads or writes `streamers`,
    // `slug_aliases` and `streamer_members`; other modules call its repository or service, so
    // a streamer column changes in one place. Checked on the drizzle tables, the relational
    // `db.query.*` API and table names in raw SQL text.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/streamers/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [STREAMERS_TABLE_IMPORT] }],
      'no-restricted-syntax': [
        'error',
        {
          selector: `TemplateElement[value.raw=${STREAMERS_TABLE_IN_SQL}]`,
          message: STREAMERS_OWN_THIS,
        },
        { selector: `Literal[value=${STREAMERS_TABLE_IN_SQL}]`, message: STREAMERS_OWN_THIS },
        {
          selector:
            "MemberExpression[property.name=/^(streamers|slugAliases|streamerMembers)$/][object.property.name='query']",
          message: STREAMERS_OWN_THIS,
        },
      ],
    },
  },
  {
    // Presenters are leaves: they shape rows they are given, so they import core, schema
    // types and other presenters, never what does I/O (services, queries, commands, routes).
    files: ['apps/server/src/**/*.presenter.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            STREAMERS_TABLE_IMPORT,
            {
              group: [
                '**/*.service.ts',
                '**/*.queries.ts',
                '**/*.repository.ts',
                '**/*.routes.ts',
                '**/commands/**',
                '**/db/client.ts',
                '**/realtime/**',
                '**/storage/**',
              ],
              message: 'Presenters are leaves: pass them the rows they present.',
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles in the product code: a cycle hides which module owns a rule and makes
    // load order matter. Type-only imports vanish at compile time and are not counted.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/core/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
