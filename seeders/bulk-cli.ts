/**
 * `npm run seed:bulk -- 100000`: adds that many students to DATABASE_URL (migrated first).
 * Options: `--batch=2000`, `--password=Secret123` (one bcrypt hash for every account; none by default).
 */
import bcrypt from 'bcrypt';
import { connectDatabase } from '../api/bootstrap';
import { createLogger } from '../api/common/logger';
import { loadConfig } from '../api/config';
import { seedBulkStudents } from './bulk';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const n = Number(args.find((a) => /^\d+$/.test(a)) ?? 100_000);
  const batch = Number(args.find((a) => a.startsWith('--batch='))?.split('=')[1] ?? 2000);
  const password = args.find((a) => a.startsWith('--password='))?.split('=')[1];
  if (!Number.isInteger(n) || n < 1 || n > 5_000_000) throw new Error('usage: npm run seed:bulk -- <count 1..5000000> [--batch=2000] [--password=...]');
  const config = loadConfig();
  const sequelize = await connectDatabase(config, createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL));
  try {
    const passwordHash = password ? await bcrypt.hash(password, config.BCRYPT_ROUNDS) : null;
    console.log(`loading ${n.toLocaleString('en-US')} students into ${config.DATABASE_URL.replace(/\/\/[^@]*@/, '//***@')} (batches of ${batch})`);
    const result = await seedBulkStudents(sequelize, n, { batchSize: batch, passwordHash });
    console.log(`done: ${result.inserted.toLocaleString('en-US')} students (ids ${result.firstStudentId}..${result.lastStudentId}) in ${(result.ms / 1000).toFixed(1)} s`);
  } finally {
    await sequelize.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
