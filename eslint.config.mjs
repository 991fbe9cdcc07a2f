// ESLint (flat config): typescript-eslint's recommended rules, import cycles, the folder boundaries of
// docs/architecture.md, and React's hooks rules for the console and the portal. Formatting is
// Prettier's (.prettierrc); `npm run lint` runs both.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const dirs = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const files = (dir, test) =>
  fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => test.test(f))
    .map((f) => `./${dir}/${f}`);

// An API area never imports another area's router (routers are wired in api/app.ts only).
const apiAreas = dirs('api');
const apiRouterZones = apiAreas.map((area) => ({
  target: `./api/${area}`,
  from: apiAreas.filter((other) => other !== area).flatMap((other) => files(`api/${other}`, /\.router\.ts$/)),
  message: "An API area never imports another area's router: share a service, or react to an event.",
}));

// A console resource folder never imports another one: what two resources share lives in admin/src/common.
const adminResources = dirs('admin/src/resources');
const adminResourceZones = adminResources.map((resource) => ({
  target: `./admin/src/resources/${resource}`,
  from: './admin/src/resources',
  except: [`./${resource}`],
  message: 'A console resource folder never imports another one: move what both use to admin/src/common.',
}));

export default tseslint.config(
  {
    ignores: ['**/dist/**', 'coverage/**', 'node_modules/**', 'data/**', 'docs/screenshots/**', 'bench/results/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
    },
    rules: {
      // An unused argument named with a leading underscore is deliberate (Express's 4-argument error handler).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // Prettier decides line breaks and keeps what the parser reads (eslint-config-prettier turns this off too):
      // a formatted `request(app)\n[method](path)` is one expression, not a hazard.
      'no-unexpected-multiline': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...apiRouterZones,
            ...adminResourceZones,
            { target: './portal', from: './admin', message: 'The portal never imports the console: shared code lives where both import it.' },
            { target: './admin', from: './portal', message: 'The console never imports the portal.' },
            { target: ['./admin', './portal'], from: './api', message: 'The UIs never import the API: they call it over HTTP.' },
          ],
        },
      ],
    },
  },
  {
    files: ['admin/**/*.{ts,tsx}', 'portal/**/*.{ts,tsx}', 'tests/admin/**', 'tests/portal/**', 'tests/support/ui-env.ts', 'tests/support/console-harness.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // useLoad(load, deps) takes a dependency list like useEffect: its callers' lists are checked too.
      'react-hooks/exhaustive-deps': ['error', { additionalHooks: '^useLoad$' }],
    },
  },
  {
    files: ['tests/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    // Landed migrations are never edited (docs/architecture.md): an unused helper in one stays.
    files: ['models/migrations/**'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
