import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import bcrypt from 'bcrypt';
import type { Logger } from 'pino';
import { Administrator, AdministratorRole, Role, User, createSequelize, initModels } from '../models';
import { migrate } from '../models/migrator';
import type { Config } from './config';
import type { Deps } from './common/context';
import { OutboxMailer, type Mailer } from './integrations/mail';
import { LocalStorage, type Storage } from './integrations/storage';
import { S3Storage } from './integrations/s3-storage';
import { createSmtpMailer } from './integrations/smtp-mailer';

/** The RSA key that signs content-delivery policies: configured, or generated for development. */
export function loadCdnKey(config: Config, log: Logger): string {
  if (config.CDN_PRIVATE_KEY) return config.CDN_PRIVATE_KEY.replace(/\\n/g, '\n');
  if (config.CDN_PRIVATE_KEY_FILE) return fs.readFileSync(config.CDN_PRIVATE_KEY_FILE, 'utf8');
  if (config.NODE_ENV === 'production') log.warn('CDN_PRIVATE_KEY not set: content-delivery credentials are signed with a generated key');
  return crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
}

/** Database connected, models initialised and migrations applied. */
export async function connectDatabase(config: Config, log: Logger) {
  const sequelize = createSequelize(config.DATABASE_URL, {
    poolMax: config.DB_POOL_MAX,
    logging: config.LOG_SQL ? (sql) => log.debug({ sql }, 'sql') : undefined,
  });
  await sequelize.authenticate();
  initModels(sequelize);
  await migrate(sequelize);
  return sequelize;
}

/** The file store the configuration names (STORAGE). */
export function createStorage(config: Config): Storage {
  if (config.STORAGE === 's3') {
    return new S3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalStorage(path.resolve(config.STORAGE_DIR));
}

/** Everything createApp needs. */
export async function createDeps(config: Config, log: Logger): Promise<Deps> {
  const sequelize = await connectDatabase(config, log);
  const mailer: Mailer = config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM, { maxConnections: config.SMTP_POOL_MAX_CONNECTIONS }) : new OutboxMailer();
  return { config, sequelize, log, mailer, cdnPrivateKey: loadCdnKey(config, log), storage: createStorage(config) };
}

/** On a database without administrators, creates the first SUPER_ADMIN from ADMIN_EMAIL / ADMIN_PASSWORD. */
export async function ensureFirstAdmin(config: Config, log: Logger): Promise<boolean> {
  if ((await Administrator.count({ paranoid: false })) > 0) return false;
  const email = config.ADMIN_EMAIL.toLowerCase();
  const role = await Role.findOne({ where: { name: 'SUPER_ADMIN' } });
  if (!role) throw new Error('SUPER_ADMIN role missing: migrations did not run');
  await Administrator.sequelize!.transaction(async (transaction) => {
    const user = await User.create(
      {
        email,
        passwordHash: await bcrypt.hash(config.ADMIN_PASSWORD, config.BCRYPT_ROUNDS),
        kind: 'ADMIN',
        emailVerifiedAt: new Date(),
        firstFailedLoginAt: null,
        lockedUntil: null,
        lastLoginAt: null,
        lastActivityAt: null,
        tokensValidAfter: null,
        updatedById: null,
        updatedByName: 'System',
      },
      { transaction },
    );
    const admin = await Administrator.create(
      { userId: user.id, email, firstName: 'Super', lastName: 'Admin', updatedById: null, updatedByName: 'System', deletedAt: null },
      { transaction },
    );
    await AdministratorRole.create({ administratorId: admin.id, roleId: role.id }, { transaction });
  });
  log.info({ email }, 'created the first SUPER_ADMIN');
  return true;
}
