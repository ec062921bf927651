import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webSrc = fileURLToPath(new URL('./web/src/', import.meta.url));
const familySrc = fileURLToPath(new URL('./services/family/src/', import.meta.url));
const mediaSrc = fileURLToPath(new URL('./services/media/src/', import.meta.url));
// Media's files and folders outside its takeout room and the two bootstraps that import the room's module.
const mediaBootstraps = ['app.module.ts', 'worker.module.ts'];
const mediaOutsideTakeout = readdirSync(mediaSrc)
  .filter((name) => name !== 'takeout' && !mediaBootstraps.includes(name))
  .map((name) => `./${name}`);
// Every folder under web/src/features is a feature: a new one is fenced in without editing this file.
const webFeatures = readdirSync(`${webSrc}features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'e2e/screenshots/**',
      'bench/results/**',
      'backups/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Nest modules are classes with static factories only.
      '@typescript-eslint/no-extraneous-class': 'off',
    },
  },
  {
    // The contract is plain types and the few rules every side shares: it imports nothing but its own files.
    files: ['packages/contract/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^[^.]', message: 'The contract imports nothing of other packages, not even Node.' }] },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The web app's layers: a feature imports components/, lib/ (with the shared queries), config/ and itself,
    // never another feature; app/ is where features meet; the shared layers import no feature and no app code.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: webSrc,
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./features/${feature}`,
              from: './features',
              except: [`./${feature}`],
              message:
                'A feature does not import another feature: leave a slot that app/ fills, or move what both need to lib/queries/.',
            })),
            { target: './features', from: './app', message: 'Features do not import app/: app/ composes them.' },
            {
              target: ['./components', './lib', './config', './theme'],
              from: ['./features', './app'],
              message: 'Shared code does not import features or app/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The family service's GEDCOM code has two sides: gedcom-format/ reads and writes the file format and knows
    // nothing of the archive; gedcom-archive/ (uploads, the import job, the export, takeout) applies it here.
    files: ['services/family/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: familySrc,
          zones: [
            {
              target: './gedcom-format',
              from: '.',
              except: ['./gedcom-format'],
              message:
                'The GEDCOM format imports nothing of the service: what applies it to the archive lives in gedcom-archive/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Media's takeout is a room of its own (docs/architecture.md "Media's layout"): media reaches it only through
    // takeout/index.ts, from its two bootstraps; takeout reaches media only through media-kit.ts.
    files: ['services/media/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: mediaSrc,
          zones: [
            {
              target: mediaOutsideTakeout,
              from: './takeout',
              message:
                'Media does not import takeout: app.module.ts and worker.module.ts import its TakeoutModule, and media reaches takeout through TAKEOUT_HOOKS.',
            },
            {
              target: mediaBootstraps.map((name) => `./${name}`),
              from: './takeout',
              except: ['./index.ts'],
              message: 'Only takeout/index.ts is imported from outside takeout/.',
            },
            {
              target: './takeout',
              from: '.',
              except: ['./takeout', './media-kit.ts'],
              message:
                'Takeout imports media only through media-kit.ts: never its controllers, its services or the bootstraps; add what it needs to media-kit.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/__tests__/**', 'e2e/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    // End-to-end tests read the JSON answers of every route through one client.
    files: ['e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
