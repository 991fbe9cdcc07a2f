import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the product reads, parsed and validated once.
 * Defaults let a newcomer run with nothing set; production overrides them.
 */
const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Express's names for address ranges, accepted beside addresses and CIDR subnets in TRUST_PROXY. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (entry: string): boolean => {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};

/**
 * TRUST_PROXY: whose X-Forwarded-For names the client (the rate limit's key, the address kept with a
 * session or a signature). Unset, empty, `false` or `0`: nobody's, the client is the connection's peer.
 * A whole number N: the N proxies nearest the server. Otherwise a comma-separated list of the proxies'
 * addresses, CIDR subnets or `loopback` / `linklocal` / `uniquelocal`. `true` (believe anyone) is refused.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const text = (value ?? '').trim();
    if (text === '' || text === 'false' || text === '0') return false;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const wrong = entries.filter((e) => !isProxyAddress(e));
    if (wrong.length || !entries.length) {
      ctx.addIssue({ code: 'custom', message: `name the proxies: a hop count, or their addresses, subnets or loopback/linklocal/uniquelocal (not ${wrong.join(', ') || text})` });
      return z.NEVER;
    }
    return entries;
  });

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().default(`sqlite:${path.join('data', 'app.sqlite')}`),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_SQL: bool.default(false),
  /** GET /metrics (Prometheus) answers only a scraper sending `Authorization: Bearer <METRICS_TOKEN>`; unset = 404. */
  METRICS_TOKEN: z.string().trim().min(16).optional(),
  LIST_COUNT_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),

  JWT_SECRET: z.string().min(16).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  BCRYPT_ROUNDS: z.coerce.number().int().min(4).max(15).default(12),
  LOCKOUT_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOCKOUT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  LOCKOUT_MINUTES: z.coerce.number().int().min(1).default(15),
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().min(5).default(60),
  INVITATION_TTL_DAYS: z.coerce.number().int().min(1).default(7),
  VERIFICATION_CODE_TTL_MINUTES: z.coerce.number().int().min(1).default(15),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  TRUST_PROXY: trustProxy,
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(15),

  ADMIN_EMAIL: z.string().email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8).default('Admin12345'),
  SEED_DEMO: bool.default(true),
  DEMO_PASSWORD: z.string().min(8).default('Demo12345'),
  PROVIDER_NAME: z.string().default('Health Coach Institute'),
  PROVIDER_PHONE: z.string().default('+1 (212) 555-0100'),

  CDN_KEY_PAIR_ID: z.string().default('DEVELOPMENT_KEY'),
  CDN_PRIVATE_KEY: z.string().optional(),
  CDN_PRIVATE_KEY_FILE: z.string().optional(),
  CDN_RESOURCE: z.string().default('https://cdn.example.com/*'),
  CDN_TTL_SECONDS: z.coerce.number().int().min(60).default(86400),

  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Health Coach Institute <no-reply@example.com>'),
  /** Pooled SMTP connections per process (nodemailer's pool); 0 opens a connection per message. */
  SMTP_POOL_MAX_CONNECTIONS: z.coerce.number().int().min(0).max(100).default(5),
  /** The communication dispatcher's pace (api/communications/dispatcher.ts): messages sent per second at most, per process. */
  COMMUNICATION_RATE_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(50),

  /**
   * Where uploads and exports are kept (api/integrations/storage.ts): `local`, a folder of this machine
   * (STORAGE_DIR); `s3`, a bucket of AWS S3 or any S3-compatible store (S3_*; S3_BUCKET required).
   */
  STORAGE: z.enum(['local', 's3']).default('local'),
  STORAGE_DIR: z.string().default(path.join('data', 'files')),
  S3_BUCKET: z.string().min(1).optional(),
  /** An S3-compatible store's address (MinIO, Ceph...); unset = AWS. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Unset: the SDK's own credential chain (environment, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addresses (`host/bucket/key`), which most S3-compatible stores need. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** How long a download's presigned address (S3) stays valid. */
  S3_SIGNED_URL_SECONDS: z.coerce.number().int().min(10).max(604_800).default(300),

  /** CRM delivery of application notifications: `local` records them in the database; `salesforce` calls the REST API. */
  CRM_ADAPTER: z.enum(['local', 'salesforce']).default('local'),
  SALESFORCE_URL: z.string().url().optional(),
  SALESFORCE_TOKEN: z.string().optional(),

  /** The card gateway: the local `SANDBOX`, or `STRIPE` (then STRIPE_SECRET_KEY is required; STRIPE_API_URL points elsewhere than api.stripe.com, e.g. a local fake). */
  PAYMENT_GATEWAY: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(['SANDBOX', 'STRIPE'])).default('SANDBOX'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_API_URL: z.string().url().optional(),
  /** The signing secret of the Stripe webhook endpoint (POST /api/payment_gateway/webhooks); unset = the endpoint answers 404. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),

  /** Scheduled jobs (api/jobs): the scheduler runs in `npm start` unless JOBS_ENABLED=false (createApp and tests never start it). */
  JOBS_ENABLED: bool.default(true),
  /** This process in job leases and runs (default host:pid); must differ between processes. */
  JOBS_OWNER: z.string().min(1).max(100).optional(),
  /** How long a job's lease holds without renewal (renewed every third of it): a dead process's run is taken over this long after it died. */
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** How often every process reads the schedules again (edits made through another process) and looks for lapsed leases. */
  JOBS_RELOAD_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** Graceful shutdown (SIGTERM/SIGINT): how long runs and requests in flight get to finish. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(25),

  /**
   * The key learning-system (LMS) connection secrets are encrypted with at rest (AES-256-GCM,
   * api/integrations/lms/secrets.ts): 32 bytes as 64 hex digits or base64, or any passphrase of 16+
   * characters (hashed to 32 bytes). Unset: a development key, refused in production. Never logged.
   */
  LMS_SECRET_KEY: z.string().min(16).optional(),
  /** How long a student's sign-in link into their LMS stays valid (POST /students/{id}/sso). */
  LMS_SSO_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
  /** The LMS token refresh job renews tokens that expire within this many seconds. */
  LMS_TOKEN_REFRESH_AHEAD_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  /**
   * Certificates (issue 21): `local` renders a PDF into storage; `accredible` issues a credential through
   * Accredible's API (ACCREDIBLE_API_KEY required; ACCREDIBLE_API_URL for the EU host, the sandbox or a fake)
   * for programs with an accredibleGroupId, the local PDF for the others.
   */
  CERTIFICATE_PROVIDER: z.enum(['local', 'accredible']).default('local'),
  ACCREDIBLE_API_URL: z.string().url().default('https://api.accredible.com'),
  ACCREDIBLE_API_KEY: z.string().optional(),
  /**
   * Purchases (issue 21): sales-tax rates in percent by US state over the built-in table of state base
   * rates (api/purchases/tax-rates.ts), as JSON: `{"NJ": 6.625, "NY": 8.875}`; 0 = not taxed there.
   */
  PURCHASE_TAX_RATES: z
    .preprocess(
      (v) => {
        if (typeof v !== 'string' || !v.trim()) return undefined;
        try {
          return JSON.parse(v);
        } catch {
          return v;
        }
      },
      z.record(z.string().regex(/^[A-Za-z]{2}$/, 'a two-letter state code'), z.number().min(0).max(100)).optional(),
    )
    .optional(),
});

export type Config = z.infer<typeof schema> & { JWT_SECRET: string; PUBLIC_URL: string; LMS_SECRET_KEY: string };

/** The development default of LMS_SECRET_KEY (documented in README; production must set its own). */
export const DEVELOPMENT_LMS_SECRET_KEY = 'development-only-lms-secret-key-change-me';

/** Reads the configuration from an environment (process.env by default). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.STORAGE === 's3' && !c.S3_BUCKET) {
    throw new Error('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  }
  if (c.STORAGE === 's3' && Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: both or neither');
  }
  if (c.CERTIFICATE_PROVIDER === 'accredible' && !c.ACCREDIBLE_API_KEY) {
    throw new Error('Invalid configuration:\n  ACCREDIBLE_API_KEY: required when CERTIFICATE_PROVIDER=accredible');
  }
  if (c.NODE_ENV === 'production' && !c.JWT_SECRET) {
    throw new Error('Invalid configuration:\n  JWT_SECRET: required in production');
  }
  if (c.NODE_ENV === 'production' && !c.LMS_SECRET_KEY) {
    throw new Error('Invalid configuration:\n  LMS_SECRET_KEY: required in production');
  }
  return {
    ...c,
    JWT_SECRET: c.JWT_SECRET ?? 'development-only-secret-change-me-0123456789',
    LMS_SECRET_KEY: c.LMS_SECRET_KEY ?? DEVELOPMENT_LMS_SECRET_KEY,
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
  };
}
