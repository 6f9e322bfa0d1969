import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

import { importDirection } from './tools/eslint-import-direction.js';

const namedExportsOnly = { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' };

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'coverage',
      'test-results',
      'playwright-report',
      'server/db/migrations',
      '.e2e-data',
      '.tmp',
      'dist-stats',
      'dist-server',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { local: importDirection, 'simple-import-sort': simpleImportSort },
    rules: {
      // One order for import blocks, written by `eslint --fix` (decision 193).
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      'local/import-direction': 'error',
      'local/no-import-cycles': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', namedExportsOnly],
    },
  },
  {
    // Query keys are written only by the query-key factories (features' api/queries.ts), so a key
    // is spelled once and an invalidation cannot miss the queries it means.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/features/*/api/queries.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        namedExportsOnly,
        {
          selector: 'Property[key.name="queryKey"] > ArrayExpression',
          message: "Write query keys through the feature's query-key factory (api/queries.ts).",
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(get|set)Quer(y|ies)Data$/] > ArrayExpression.arguments',
          message: "Write query keys through the feature's query-key factory (api/queries.ts).",
        },
      ],
    },
  },
  {
    // Forms take their resolver from src/lib/schema-resolver.ts, which installs the spec's schema
    // messages before any form validates (decision 150).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/schema-resolver.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@hookform/resolvers/zod',
              message: "Import zodResolver from '#src/lib/schema-resolver.ts'.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'workers/**/*.ts', 'src-sw/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['server/**/*.ts', 'src/**/*.{ts,tsx}', 'workers/**/*.ts', 'contract/**/*.ts'],
    ignores: ['server/env.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read the environment in server/env.ts only.',
        },
      ],
    },
  },
  {
    // A function or component longer than a screenful or two hides its shape: its parts become
    // named functions of their own, which readers and tools can see and tests can call alone.
    files: [
      'server/**/*.ts',
      'src/**/*.{ts,tsx}',
      'src-sw/**/*.ts',
      'workers/**/*.ts',
      'contract/**/*.ts',
    ],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 200 }] },
  },
  {
    files: ['*.config.{ts,js}', 'tools/**/*.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  prettier,
);
