import { z } from 'zod';
import { LmsConnectionStatus, LmsVendor } from '../../models/enums';
import { Messages } from '../../models/messages';
import { booleanish, id, optionalText, requiredText } from '../../models/validation';
import { pagingQuery } from '../common/list';

/**
 * /api/lms_connection (platform spec §7; issue 21). A connection's properties are one flat object;
 * which of them a vendor needs (D2L: host, clientId, clientSecret, redirectUri; Docebo: host,
 * clientId, clientSecret, and username + password or an authorization code; Canvas: host and an API
 * token; INTERNAL: baseUrl) is checked per vendor. Secret properties left out, blank or sent back
 * masked keep the stored value.
 */

export const SECRET_PROPERTIES = ['clientSecret', 'password', 'authCode', 'ssoSecret', 'token'] as const;
export type SecretProperty = (typeof SECRET_PROPERTIES)[number];
export const PLAIN_PROPERTIES = ['host', 'authHost', 'clientId', 'redirectUri', 'scope', 'studentRoleId', 'username', 'accountId', 'baseUrl'] as const;
export type PlainProperty = (typeof PLAIN_PROPERTIES)[number];

/** The properties each vendor requires (secrets required on create only: a PUT may keep the stored ones). */
export const REQUIRED_PROPERTIES: Record<(typeof LmsVendor)[number], readonly string[]> = {
  D2L: ['host', 'clientId', 'clientSecret', 'redirectUri'],
  DOCEBO: ['host', 'clientId', 'clientSecret'],
  CANVAS: ['host', 'token'],
  INTERNAL: ['baseUrl'],
};
/** The properties each vendor keeps (the others are dropped). */
export const VENDOR_PROPERTIES: Record<(typeof LmsVendor)[number], readonly string[]> = {
  D2L: ['host', 'authHost', 'clientId', 'clientSecret', 'redirectUri', 'scope', 'studentRoleId'],
  DOCEBO: ['host', 'clientId', 'clientSecret', 'username', 'password', 'authCode', 'redirectUri', 'ssoSecret'],
  CANVAS: ['host', 'token', 'accountId'],
  INTERNAL: ['baseUrl'],
};
const URL_PROPERTIES = new Set(['host', 'authHost', 'redirectUri', 'baseUrl']);

const httpUrl = (max: number) =>
  optionalText(max).refine((v) => {
    if (!v) return true;
    try {
      const u = new URL(v);
      return u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      return false;
    }
  }, Messages.INVALID_URL);

export const lmsProperties = z
  .object({
    host: httpUrl(300),
    authHost: httpUrl(300),
    clientId: optionalText(200),
    clientSecret: optionalText(500),
    redirectUri: httpUrl(500),
    scope: optionalText(500),
    studentRoleId: optionalText(20),
    username: optionalText(200),
    password: optionalText(500),
    authCode: optionalText(1000),
    ssoSecret: optionalText(500),
    token: optionalText(1000),
    accountId: optionalText(40),
    baseUrl: httpUrl(300),
  })
  .strict();
export type LmsProperties = z.output<typeof lmsProperties>;

export const isUrlProperty = (key: string) => URL_PROPERTIES.has(key);

export const lmsConnectionBody = z
  .object({
    vendor: z.enum(LmsVendor, { error: (i) => (i.input === undefined || i.input === null ? Messages.REQUIRED : Messages.INVALID_VALUE) }),
    name: requiredText(200),
    properties: lmsProperties.default({}),
    // The answer's read-only fields sent back are accepted and ignored.
    id: z.unknown().optional(),
    status: z.unknown().optional(),
    statusMessage: z.unknown().optional(),
    checkedAt: z.unknown().optional(),
    expiresAt: z.unknown().optional(),
    authorizeUrl: z.unknown().optional(),
    usage: z.unknown().optional(),
    createdAt: z.unknown().optional(),
    updatedAt: z.unknown().optional(),
    updatedBy: z.unknown().optional(),
  })
  .strict();
export type LmsConnectionInput = z.output<typeof lmsConnectionBody>;

export const lmsSortable = {
  id: 'id',
  name: 'name',
  vendor: 'vendor',
  status: 'status',
  updatedAt: 'updatedAt',
  ID: 'id',
  NAME: 'name',
  VENDOR: 'vendor',
  STATUS: 'status',
  UPDATED_AT: 'updatedAt',
};

export const lmsListQuery = pagingQuery({ sortable: lmsSortable, defaultSort: 'name' }).extend({
  vendor: z.enum(LmsVendor, { error: Messages.INVALID_VALUE }).optional(),
  status: z.enum(LmsConnectionStatus, { error: Messages.INVALID_VALUE }).optional(),
});
export type LmsListQuery = z.output<typeof lmsListQuery>;

export const lmsIdParams = z.object({ id: id() }).strict();

/** POST /lms_connection/d2l_auth: what D2L sent back to the console's /d2l-auth. */
export const d2lAuthBody = z
  .object({
    code: requiredText(2000),
    state: requiredText(500),
  })
  .strict();

/** The sync calls' query: `dryRun=true` answers what would change and writes nothing. */
export const syncQuery = z.object({ dryRun: booleanish().default(false) }).strict();

export const syncRunSortable = { id: 'id', startedAt: 'startedAt', ID: 'id', STARTED_AT: 'startedAt' };
export const syncRunListQuery = pagingQuery({ sortable: syncRunSortable, defaultSort: 'id', defaultDescending: true, keyword: false });
export const lmsEnrollmentListQuery = pagingQuery({
  sortable: { id: 'id', updatedAt: 'updatedAt', ID: 'id', UPDATED_AT: 'updatedAt' },
  defaultSort: 'id',
  defaultDescending: true,
  keyword: false,
}).extend({
  status: z.enum(['PENDING', 'DONE', 'FAILED'], { error: Messages.INVALID_VALUE }).optional(),
});
