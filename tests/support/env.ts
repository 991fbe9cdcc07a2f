// Test defaults: quiet logs, cheap bcrypt, no demo data.
process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'silent';
process.env.BCRYPT_ROUNDS = process.env.BCRYPT_ROUNDS ?? '4';
process.env.JWT_SECRET = process.env.JWT_SECRET ?? 'test-secret-that-is-long-enough-0123456789';
process.env.AUTH_RATE_LIMIT_PER_MINUTE = process.env.AUTH_RATE_LIMIT_PER_MINUTE ?? '100000';
// The MariaDB pass (tests/support/with-mariadb.ts): each jest worker has a database of its own.
if (process.env.TEST_DATABASE_URL_PREFIX) {
  process.env.TEST_DATABASE_URL = `${process.env.TEST_DATABASE_URL_PREFIX}_w${process.env.JEST_WORKER_ID ?? '1'}`;
}
