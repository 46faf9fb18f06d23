import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Features never import each other: a zone per feature folder, on each side. */
function featureZones(base) {
  if (!existsSync(base)) return [];
  const features = readdirSync(base, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  return features.map((feature) => ({
    target: `${base}/${feature}`,
    from: base,
    except: [`./${feature}`],
    message: 'Features never import each other; move shared code to lib, components/ui, plugins or @yuk/shared.',
  }));
}

/**
 * Server modules reach one another only through their public entry (index.ts); the database schema also
 * reads each module's table types. Everything else inside a module is its own business.
 */
function serverModuleZones(base) {
  if (!existsSync(base)) return [];
  const modules = readdirSync(base, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const outside = [
    'apps/server/src/app.ts',
    'apps/server/src/due-handlers.ts',
    'apps/server/src/main.ts',
    'apps/server/src/db',
    'apps/server/src/plugins',
    'apps/server/src/seed',
  ];
  return modules.map((module) => ({
    target: [...outside, ...modules.filter((other) => other !== module).map((other) => `${base}/${other}`)],
    from: `${base}/${module}`,
    except: ['./index.ts', `./${module}.tables.ts`],
    message: 'Another module is reached only through its public entry, modules/<name>/index.ts.',
  }));
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'coverage/**'] },
  js.configs.recommended,
  // type-aware: the rules see the types (floating promises, unsafe any, misused promises …)
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['vitest.config.ts', 'apps/web/vitest.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    plugins: { 'import-x': importX },
    // resolves imports as TypeScript does ('./x.js' is ./x.ts), so the boundary and cycle rules see every import
    settings: {
      // the cycle rule parses the files it follows: TypeScript ones with the TypeScript parser
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'packages/shared/tsconfig.json',
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'scripts/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins are async by contract, and in-memory stand-ins implement async interfaces without waiting
      '@typescript-eslint/require-await': 'off',
      // form libraries' submit handlers return a promise that React ignores by design
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      // imports read from the farthest to the nearest: Node's own, packages (ours included), then the folder's
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          pathGroups: [{ pattern: '@yuk/**', group: 'internal' }],
          pathGroupsExcludedImportTypes: ['builtin'],
          'newlines-between': 'never',
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...featureZones('apps/web/src/features'), ...serverModuleZones('apps/server/src/modules')] },
      ],
    },
  },
  {
    // asymmetric matchers (expect.any, expect.objectContaining) are typed `any` by Vitest
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}', '**/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // the journeys' own test closes the browser contexts a journey opens; Playwright's leaves them open
    files: ['apps/web/e2e/**/*.ts'],
    ignores: ['apps/web/e2e/support/test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              allowTypeImports: true,
              message: "Import test from './support/test': it closes the browser contexts a journey opens.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // sonner loads with the first toast, not with the first screen: toasts go through lib/toast
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/toast.ts', 'apps/web/src/app/toaster.tsx', '**/*.test.{ts,tsx}', '**/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'sonner', message: 'Import toast from lib/toast: sonner is not part of the first screen.' }],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
  },
  // plain JavaScript (scripts, configs) has no types to check
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
