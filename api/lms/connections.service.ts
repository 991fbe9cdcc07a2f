import crypto from 'node:crypto';
import { Op, type Transaction, type WhereOptions } from 'sequelize';
import { Cohort, LmsConnection, Program } from '../../models';
import type { LmsConnectionStatus, LmsVendor, Of } from '../../models/enums';
import { Messages, format } from '../../models/messages';
import { description } from '../../models/descriptions';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor, Deps } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type Page } from '../common/list';
import { CanvasClient } from '../integrations/lms/canvas';
import { LmsAuthError, LmsError, type LmsClient, type LmsTokens } from '../integrations/lms/client';
import { D2lClient, type D2lSettings } from '../integrations/lms/d2l';
import { DoceboClient, type DoceboSettings } from '../integrations/lms/docebo';
import { InternalLmsClient } from '../integrations/lms/internal';
import type { TokenStore } from '../integrations/lms/oauth';
import { lmsKey, maskSecret, openJson, sealJson } from '../integrations/lms/secrets';
import { PLAIN_PROPERTIES, REQUIRED_PROPERTIES, SECRET_PROPERTIES, VENDOR_PROPERTIES, lmsSortable, type LmsConnectionInput, type LmsListQuery } from './lms.schemas';

/**
 * Learning-system connections (platform spec §7 /lms_connection; domain rules "Learning systems
 * (LMS)"; issue 21). A connection is CONNECTED only when its credentials were checked and worked:
 * every save checks them (after the commit: the LMS is never called inside a transaction), as does
 * POST /{id}/test; D2L needs staff to authorize it first (OAuth 2 authorization code through the
 * console's /d2l-auth, `authorizeD2l`). Secrets and tokens are stored AES-256-GCM encrypted and
 * answered masked. A connection used by a cohort (its own, or its program's) cannot be removed.
 */

type Vendor = Of<typeof LmsVendor>;
type Status = Of<typeof LmsConnectionStatus>;
const ENTITY = 'LMS_CONNECTION';
const MESSAGE_MAX = 500;

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
export const keyOf = (deps: Deps) => lmsKey(deps.config.LMS_SECRET_KEY);

/** The `state` a D2L authorization carries: the connection's id, signed (so /d2l-auth cannot be replayed onto another connection). */
export function d2lState(key: Buffer, id: number): string {
  const mac = crypto.createHmac('sha256', key).update(`d2l:${id}`).digest('base64url').slice(0, 32);
  return `${id}.${mac}`;
}
function connectionOfState(key: Buffer, state: string): number | null {
  const [idText] = state.split('.');
  const id = Number(idText);
  if (!Number.isInteger(id) || id <= 0) return null;
  const expected = Buffer.from(d2lState(key, id));
  const given = Buffer.from(state);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? id : null;
}

/** What staff see of a connection: its plain properties, its secrets masked, where D2L is authorized. */
export function connectionDto(c: LmsConnection, key: Buffer) {
  let secrets: Record<string, string>;
  try {
    secrets = openJson(key, c.secrets);
  } catch {
    // Sealed with another key: answered as missing (never as text), so staff enter them again.
    secrets = {};
  }
  const properties: Record<string, string | null> = {};
  for (const k of VENDOR_PROPERTIES[c.vendor]) {
    properties[k] = (SECRET_PROPERTIES as readonly string[]).includes(k) ? maskSecret(secrets[k], k === 'clientSecret' || k === 'token') : (c.settings[k] ?? null);
  }
  return {
    id: c.id,
    vendor: c.vendor,
    name: c.name,
    status: c.status,
    statusMessage: c.statusMessage ?? null,
    checkedAt: iso(c.checkedAt),
    expiresAt: iso(c.tokenExpiresAt),
    properties,
    authorizeUrl: c.vendor === 'D2L' && c.settings.host ? D2lClient.authorizeUrl(c.settings as unknown as D2lSettings, d2lState(key, c.id)) : null,
    createdAt: iso(c.createdAt)!,
    updatedAt: iso(c.updatedAt)!,
    updatedBy: updatedByOf(c),
  };
}
export type LmsConnectionDto = ReturnType<typeof connectionDto>;

const spec: ListSpec<LmsConnection> = { model: LmsConnection, sortable: lmsSortable, defaultSort: 'name', keywordColumns: ['name'] };

export async function listConnections(deps: Deps, q: LmsListQuery): Promise<Page<LmsConnectionDto>> {
  const filters: WhereOptions[] = [];
  if (q.vendor) filters.push({ vendor: q.vendor });
  if (q.status) filters.push({ status: q.status });
  const key = keyOf(deps);
  return runList(spec, q, filters, (c) => connectionDto(c, key));
}

export async function findConnection(id: number, transaction?: Transaction): Promise<LmsConnection> {
  const c = await LmsConnection.findByPk(id, { transaction });
  if (!c) throw AppError.notFound('LMS connection');
  return c;
}

export async function getConnection(deps: Deps, id: number): Promise<LmsConnectionDto> {
  return connectionDto(await findConnection(id), keyOf(deps));
}

const isMasked = (v: string | null | undefined) => typeof v === 'string' && v.startsWith('••');

/**
 * The vendor's properties of a body: plain ones into `settings`, secret ones into the sealed blob (a
 * secret left out, blank or sent back masked keeps the stored one). 400 naming each required one missing.
 */
function propertiesOf(vendor: Vendor, input: LmsConnectionInput['properties'], storedSecrets: Record<string, string>) {
  const kept = VENDOR_PROPERTIES[vendor];
  const settings: Record<string, string | null> = {};
  const secrets: Record<string, string> = {};
  for (const k of kept) {
    const value = (input as Record<string, string | null | undefined>)[k];
    if ((SECRET_PROPERTIES as readonly string[]).includes(k)) {
      const chosen = value && !isMasked(value) ? value : storedSecrets[k];
      if (chosen) secrets[k] = chosen;
    } else if ((PLAIN_PROPERTIES as readonly string[]).includes(k)) {
      settings[k] = value ?? null;
    }
  }
  const errors: Record<string, string> = {};
  for (const k of REQUIRED_PROPERTIES[vendor]) {
    if (!settings[k] && !secrets[k]) errors[`properties.${k}`] = Messages.REQUIRED;
  }
  if (vendor === 'DOCEBO' && !secrets.authCode && !(settings.username && secrets.password)) {
    if (!settings.username) errors['properties.username'] = Messages.REQUIRED;
    if (!secrets.password) errors['properties.password'] = Messages.REQUIRED;
  }
  if (Object.keys(errors).length) throw AppError.badRequest(errors);
  return { settings, secrets };
}

/** The properties whose change makes stored tokens worthless (another server, app or account). */
const IDENTITY_PROPERTIES = ['host', 'authHost', 'clientId', 'clientSecret', 'username', 'password', 'authCode', 'token', 'redirectUri', 'scope', 'baseUrl'];

/** A token store on the connection's row (encrypted); what it saves is kept at once. */
function rowTokens(c: LmsConnection, key: Buffer): TokenStore {
  let current: LmsTokens | null = null;
  try {
    const t = openJson(key, c.tokens);
    if (t.accessToken) current = { accessToken: t.accessToken, refreshToken: t.refreshToken ?? null, expiresAt: c.tokenExpiresAt ?? null };
  } catch {
    current = null;
  }
  return {
    current: () => current,
    async save(tokens) {
      current = tokens;
      const sealed = sealJson(key, { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
      await LmsConnection.update({ tokens: sealed, tokenExpiresAt: tokens.expiresAt }, { where: { id: c.id } });
      c.tokens = sealed;
      c.tokenExpiresAt = tokens.expiresAt;
    },
  };
}

let clientOverride: ((c: LmsConnection) => LmsClient | null) | null = null;
/** Tests: answer another client for some connections (null: the real one). */
export function useLmsClientFactory(factory: ((c: LmsConnection) => LmsClient | null) | null): void {
  clientOverride = factory;
}

/** The client of a connection, on its vendor's API, with its secrets opened and its tokens kept on the row. */
export function clientFor(c: LmsConnection, deps: Deps): LmsClient {
  const overridden = clientOverride?.(c);
  if (overridden) return overridden;
  const key = keyOf(deps);
  const secrets = openJson(key, c.secrets);
  const s = c.settings;
  switch (c.vendor) {
    case 'D2L':
      return new D2lClient(s as unknown as D2lSettings, secrets.clientSecret ?? '', rowTokens(c, key));
    case 'DOCEBO':
      return new DoceboClient(
        s as unknown as DoceboSettings,
        { clientSecret: secrets.clientSecret ?? '', password: secrets.password, authCode: secrets.authCode, ssoSecret: secrets.ssoSecret },
        rowTokens(c, key),
      );
    case 'CANVAS':
      return new CanvasClient({ host: s.host ?? '', accountId: s.accountId }, secrets.token ?? '');
    case 'INTERNAL':
      return new InternalLmsClient(s.baseUrl ?? '', key);
  }
}

/** An error of the LMS as the connection's status and message. */
function outcomeOf(vendor: Vendor, err: unknown): { status: Status; message: string } {
  if (err instanceof LmsAuthError) {
    return { status: vendor === 'D2L' ? 'AUTHORIZATION_REQUIRED' : 'ERROR', message: format(Messages.LMS_AUTHORIZATION_FAILED, err.message).slice(0, MESSAGE_MAX) };
  }
  const text = err instanceof Error ? err.message : String(err);
  return { status: 'ERROR', message: format(Messages.LMS_UNREACHABLE, text).slice(0, MESSAGE_MAX) };
}

/**
 * Checks the connection's credentials against its LMS (outside any transaction) and records the
 * outcome: CONNECTED, AUTHORIZATION_REQUIRED (D2L not authorized yet, or its authorization refused) or
 * ERROR with the LMS's reason. A D2L connection without tokens is not called.
 */
export async function checkConnection(deps: Deps, c: LmsConnection, actor: Actor): Promise<LmsConnection> {
  let status: Status = 'CONNECTED';
  let message: string | null = null;
  const hasTokens = Boolean(c.tokens);
  if (c.vendor === 'D2L' && !hasTokens) {
    status = 'AUTHORIZATION_REQUIRED';
    message = null;
  } else {
    try {
      const who = await clientFor(c, deps).check();
      message = who.identity.slice(0, MESSAGE_MAX);
    } catch (err) {
      ({ status, message } = outcomeOf(c.vendor, err));
    }
  }
  return LmsConnection.sequelize!.transaction(async (transaction) => {
    const row = await findConnection(c.id, transaction);
    const before = { status: row.status };
    await row.update({ status, statusMessage: message, checkedAt: new Date() }, { transaction });
    if (before.status !== status) {
      await recordActivity(
        actor,
        {
          entityType: ENTITY,
          entityId: row.id,
          category: 'ADMINISTRATION',
          type: 'UPDATED',
          description: description('LMS_CONNECTION_CHECKED', { status }),
          changes: diff(before, { status }),
        },
        transaction,
      );
    }
    return row;
  });
}

export async function createConnection(deps: Deps, input: LmsConnectionInput, actor: Actor): Promise<LmsConnectionDto> {
  const key = keyOf(deps);
  const { settings, secrets } = propertiesOf(input.vendor, input.properties, {});
  const created = await LmsConnection.sequelize!.transaction(async (transaction) => {
    const c = await LmsConnection.create(
      { vendor: input.vendor, name: input.name, status: 'DISCONNECTED', settings, secrets: sealJson(key, secrets), tokens: null, ...stamp(actor) },
      { transaction },
    );
    await recordActivity(actor, { entityType: ENTITY, entityId: c.id, category: 'ADMINISTRATION', type: 'CREATED', changes: diff({}, connectionDto(c, key)) }, transaction);
    return c;
  });
  return connectionDto(await checkConnection(deps, created, actor), key);
}

export async function updateConnection(deps: Deps, id: number, input: LmsConnectionInput, actor: Actor): Promise<LmsConnectionDto> {
  const key = keyOf(deps);
  const saved = await LmsConnection.sequelize!.transaction(async (transaction) => {
    const c = await findConnection(id, transaction);
    if (input.vendor !== c.vendor) throw AppError.badRequest({ vendor: Messages.LMS_VENDOR_UNCHANGEABLE });
    const storedSecrets = openJson(key, c.secrets);
    const { settings, secrets } = propertiesOf(c.vendor, input.properties, storedSecrets);
    const before = connectionDto(c, key);
    const identityChanged = IDENTITY_PROPERTIES.some((k) => (settings[k] ?? secrets[k] ?? null) !== (c.settings[k] ?? storedSecrets[k] ?? null));
    await c.update(
      {
        name: input.name,
        settings,
        secrets: sealJson(key, secrets),
        ...(identityChanged ? { tokens: null, tokenExpiresAt: null, status: 'DISCONNECTED' as const } : {}),
        ...stamp(actor),
      },
      { transaction },
    );
    await recordActivity(actor, { entityType: ENTITY, entityId: id, category: 'ADMINISTRATION', type: 'UPDATED', changes: diff(before, connectionDto(c, key)) }, transaction);
    return c;
  });
  return connectionDto(await checkConnection(deps, saved, actor), key);
}

/** POST /lms_connection/{id}/test: the credentials checked again (tokens renewed when they must be). */
export async function testConnection(deps: Deps, id: number, actor: Actor): Promise<LmsConnectionDto> {
  const c = await findConnection(id);
  return connectionDto(await checkConnection(deps, c, actor), keyOf(deps));
}

/** The cohorts (not archived) that sync through a connection: their own, or their program's when they name none. */
export async function cohortsUsing(id: number, transaction?: Transaction): Promise<number> {
  return Cohort.count({
    where: {
      deleted: false,
      [Op.or]: [{ lmsConnectionId: id }, { lmsConnectionId: null, '$program.lms_connection_id$': id }],
    } as WhereOptions,
    include: [{ model: Program, as: 'program', attributes: [], required: true }],
    transaction,
  });
}

/**
 * DELETE /lms_connection/{id}: refused while a cohort syncs through it ('A connection in use by
 * cohorts cannot be removed') or a sync runs; programs that named it are left without a connection.
 */
export async function deleteConnection(deps: Deps, id: number, actor: Actor): Promise<void> {
  const key = keyOf(deps);
  await LmsConnection.sequelize!.transaction(async (transaction) => {
    const c = await findConnection(id, transaction);
    if (await cohortsUsing(id, transaction)) throw AppError.conflict('LMS_CONNECTION_IN_USE', Messages.LMS_CONNECTION_IN_USE);
    if (c.syncRunId && c.syncLeaseUntil && c.syncLeaseUntil > new Date()) throw AppError.conflict('LMS_PROCESS_RUNNING', Messages.LMS_PROCESS_RUNNING);
    await Program.update({ lmsConnectionId: null, ...stamp(actor) }, { where: { lmsConnectionId: id }, transaction });
    // Archived cohorts keep no link to a removed connection either.
    await Cohort.update({ lmsConnectionId: null }, { where: { lmsConnectionId: id }, transaction });
    const before = connectionDto(c, key);
    await c.destroy({ transaction });
    await recordActivity(actor, { entityType: ENTITY, entityId: id, category: 'ADMINISTRATION', type: 'DELETED', changes: diff(before, {}) }, transaction);
  });
}

/**
 * POST /lms_connection/d2l_auth: the console's /d2l-auth got D2L's code and state; the state names
 * (and signs) the connection. The code is traded for tokens, which are checked at once.
 */
export async function authorizeD2l(deps: Deps, code: string, state: string, actor: Actor): Promise<LmsConnectionDto> {
  const key = keyOf(deps);
  const id = connectionOfState(key, state);
  if (!id) throw AppError.badRequest({ state: Messages.INVALID_VALUE });
  const c = await findConnection(id);
  if (c.vendor !== 'D2L') throw AppError.conflict('LMS_NOT_D2L', Messages.LMS_NOT_D2L);
  const client = clientFor(c, deps);
  try {
    if (client instanceof D2lClient) await client.exchangeCode(code);
  } catch (err) {
    const { status, message } = outcomeOf('D2L', err);
    await c.update({ status, statusMessage: message, checkedAt: new Date() });
    return connectionDto(c, key);
  }
  const fresh = await findConnection(id);
  return connectionDto(await checkConnection(deps, fresh, actor), key);
}

/**
 * LMS_TOKEN_REFRESH: renews the tokens of the OAuth 2 connections (D2L, Docebo) that expire within
 * `aheadSeconds`; a refused renewal marks the connection (ERROR, or AUTHORIZATION_REQUIRED for D2L).
 */
export async function refreshExpiringTokens(deps: Deps, aheadSeconds: number, now = new Date(), signal?: AbortSignal): Promise<{ renewed: number; failed: number }> {
  const due = await LmsConnection.findAll({
    where: { vendor: ['D2L', 'DOCEBO'], tokens: { [Op.ne]: null }, tokenExpiresAt: { [Op.lte]: new Date(now.getTime() + aheadSeconds * 1000) } },
    order: [['tokenExpiresAt', 'ASC']],
  });
  let renewed = 0;
  let failed = 0;
  for (const c of due) {
    if (signal?.aborted) break;
    try {
      await clientFor(c, deps).refresh();
      if (c.status !== 'CONNECTED') await c.update({ status: 'CONNECTED', statusMessage: null, checkedAt: new Date() });
      renewed++;
    } catch (err) {
      const { status, message } = err instanceof LmsError ? outcomeOf(c.vendor, err) : outcomeOf(c.vendor, err);
      await c.update({ status, statusMessage: message, checkedAt: new Date() });
      deps.log.warn({ lmsConnectionId: c.id, status }, 'LMS token renewal failed');
      failed++;
    }
  }
  return { renewed, failed };
}
