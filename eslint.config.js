// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Non-null assertions are used where an index is known to be in range (noUncheckedIndexedAccess).
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // The web app has its own compiler settings (JSX, DOM).
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { project: './apps/web/tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
    // `onClick={() => setOpen(false)}` is the idiom of React event handlers.
    rules: { '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }] },
  },
  {
    // The service worker runs in a ServiceWorkerGlobalScope: checked with the WebWorker library.
    files: ['apps/web/src/service-worker.ts'],
    languageOptions: {
      parserOptions: { project: './apps/web/tsconfig.sw.json', tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    // Vitest's asymmetric matchers (expect.any, expect.stringMatching) are typed `any`.
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  // The server's layers: routes (and the rest of the HTTP layer: http/, auth/, identity/) → services →
  // repositories and adapters (db/, storage/, images/, render/, ideas/, repositories/), with the contract
  // (the API's shapes) and refusals.ts (errors raised below the HTTP layer) beside them. Nothing imports up.
  {
    files: ['apps/server/src/{repositories,db,storage,images,render,ideas}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/http/*', '**/routes/*', '**/services/*', '**/identity/*', '**/app.js', '**/main.js'],
              message:
                'Repositories and adapters sit below the services and the HTTP layer: raise a Refusal (refusals.ts) instead of an HTTP problem, and take what a service gives.',
            },
          ],
        },
      ],
    },
  },
  {
    // Services call repositories, adapters and the shared helpers of services/shared/ — never each other,
    // so that a change to one service stays in its room.
    files: ['apps/server/src/services/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\./(?!shared/)|\\.\\./services/)',
              message: 'A service does not import another service: move what both need into services/shared/, or call a repository.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/services/shared/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./[^./]+\\.js$', message: 'The shared helpers of services sit below the services: they do not import one.' }] },
      ],
    },
  },
  {
    // No import circles in the server (a layer rule above keeps each import pointing down; this catches the rest).
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['apps/server/src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/http/*', '**/routes/*', '**/services/*', '**/repositories/*', '**/db/*', '**/storage/*', '**/images/*', '**/identity/*'],
              message: 'The contract is the API’s shapes, below everything that serves them: it imports only zod, the core and itself.',
            },
          ],
        },
      ],
    },
  },
  {
    // The core runs in browsers too: no Node built-ins in its product code.
    files: ['packages/core/src/**/*.ts'],
    ignores: ['packages/core/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*'], message: 'packages/core must stay free of Node-only APIs.' }] }],
    },
  },
);
