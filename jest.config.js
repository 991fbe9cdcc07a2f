/**
 * Jest projects: the API suite (SQLite by default, MariaDB with TEST_DATABASE_URL) and the unit tests
 * of the console's and the portal's providers and components (jsdom).
 */
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } }];
const ui = (name) => ({
  displayName: name,
  testEnvironment: 'jsdom',
  roots: [`<rootDir>/tests/${name}`],
  transform: { '^.+\\.(t|j)sx?$': swc },
  // react-admin and MUI ship ESM builds that jsdom tests load through their CommonJS entry points.
  moduleNameMapper: {
    '\\.(css|svg|png)$': '<rootDir>/tests/support/file-stub.js',
    // MUI's autosizing textarea measures layout jsdom does not have (tests/support/textarea-autosize.js).
    '^\\.\\./TextareaAutosize$': '<rootDir>/tests/support/textarea-autosize.js',
    // Emotion's rules stay in memory: jsdom matched each one on every getComputedStyle (tests/support/emotion-sheet.js).
    '^@emotion/sheet$': '<rootDir>/tests/support/emotion-sheet.js',
  },
  setupFiles: ['<rootDir>/tests/support/ui-env.ts'],
  setupFilesAfterEnv: ['<rootDir>/tests/support/ui-timeouts.ts'],
  // react-hotkeys-hook (used by react-admin) ships ES modules only: let swc turn it into CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!react-hotkeys-hook/)'],
});
module.exports = {
  projects: [
    {
      displayName: 'api',
      testEnvironment: 'node',
      roots: ['<rootDir>/tests/api'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      setupFiles: ['<rootDir>/tests/support/env.ts'],
      // SQLite: the migrations run once into a template each test file's database is copied from.
      globalSetup: '<rootDir>/tests/support/sqlite-template.ts',
      globalTeardown: '<rootDir>/tests/support/sqlite-template-teardown.ts',
      // Each file's beforeAll opens a fresh database: room for a busy machine (tests/support/api-timeout.ts).
      setupFilesAfterEnv: ['<rootDir>/tests/support/api-timeout.ts'],
      // file-type (upload sniffing, api/files/upload.ts) and its helpers ship ES modules only: swc turns them into CommonJS.
      transformIgnorePatterns: ['/node_modules/(?!(file-type|strtok3|token-types|@tokenizer|uint8array-extras|@borewit)/)'],
    },
    ui('admin'),
    ui('portal'),
    // The browser suite needs a running server: `npm run test:e2e` starts one and sets E2E.
    ...(process.env.E2E
      ? [{ displayName: 'e2e', testEnvironment: 'node', roots: ['<rootDir>/tests/e2e'], testMatch: ['**/*.e2e.ts'], transform: { '^.+\\.(t|j)sx?$': swc }, testTimeout: 60_000 }]
      : []),
  ],
};
