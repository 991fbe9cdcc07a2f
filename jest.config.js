/** Jest projects: the API suite (SQLite by default, MariaDB with TEST_DATABASE_URL). */
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' }, module: { type: 'commonjs' } }];
module.exports = {
  projects: [
    {
      displayName: 'api',
      testEnvironment: 'node',
      roots: ['<rootDir>/tests/api'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      setupFiles: ['<rootDir>/tests/support/env.ts'],
    },
  ],
};
