import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

// A feature never imports another feature (docs/architecture.md §2): one rule block per feature folder.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const noServer = {
  group: ['**/server/*', '**/server'],
  message: 'The web app must not import server code.',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'dist-scale-*',
      'data',
      'node_modules',
      'public',
      'test-results',
      'test-results-mock',
      'playwright-report',
      'bench/results',
    ],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Playwright fixtures take a `use` callback that is no React hook.
  { files: ['tests/e2e/**'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
  // The web app never imports server code (types come from contract/). The typescript-eslint rule
  // (not the base one) so that a pattern may allow `import type`.
  {
    files: ['src/**'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noServer] }],
    },
  },
  // One-way imports: shared web layers may not reach into features or the app.
  {
    files: ['src/components/**', 'src/lib/**', 'src/config/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            noServer,
            {
              group: ['@/features/*', '@/app/*'],
              message: 'components, lib and config must not import features or app.',
            },
          ],
        },
      ],
    },
  },
  // …except that lib may name the store's types (RootState, AppDispatch) for the typed hooks:
  // `import type` is erased at build time, so nothing of app/ runs from lib.
  {
    files: ['src/lib/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            noServer,
            { group: ['@/features/*'], message: 'lib must not import features.' },
            {
              group: ['@/app/*'],
              allowTypeImports: true,
              message: 'lib must not import app at run time (`import type` is fine).',
            },
          ],
        },
      ],
    },
  },
  // Server layers (docs/decisions.md D71): a route calls services; a service owns the transaction
  // and the audit row of what it does, so no route opens one or writes the other.
  {
    files: ['server/routes/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'A route calls a service; the service opens the transaction.',
        },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/repositories/audit-log'],
              importNames: ['recordAudit'],
              message: 'Audit rows are written by the service that makes the change.',
            },
          ],
        },
      ],
    },
  },
  // Money is cents inside the server: repositories never convert to dollars (D71).
  {
    files: ['server/db/repositories/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/contract/money'],
              importNames: ['centsToDollars', 'toCents', 'inDollars', 'centsToDollarString'],
              message: 'Repositories return cents; the API boundary converts.',
            },
          ],
        },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            noServer,
            { group: ['@/app/*'], message: 'features must not import app.' },
            {
              group: features
                .filter((other) => other !== feature)
                .flatMap((other) => [`@/features/${other}/*`, `../../${other}/*`, `../${other}/*`]),
              message: 'A feature must not import another feature; compose them in src/app.',
            },
          ],
        },
      ],
    },
  })),
);
