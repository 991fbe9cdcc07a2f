import express from 'express';
import request from 'supertest';
import { Op } from 'sequelize';
import { z } from 'zod';
import { BusinessCategory, Lookup, Role } from '../../models';
import { BusinessCategoryName } from '../../models/enums';
import { address, birthDate, date, email, parseDate, phone, strongPassword } from '../../models/validation';
import { createApp } from '../../api/app';
import { CountCache, whereKey } from '../../api/common/count-cache';
import { errorHandler, fieldErrors } from '../../api/common/errors';
import { accessLog, maskQuery } from '../../api/common/logger';
import type { Logger } from 'pino';
import { criteriaSchema, criteriaWhere, keywordWhere, likePrefix, pagingQuery } from '../../api/common/list';
import { setupApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  test('answers ok without a token', async () => {
    const res = await request(t.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', db: 'ok' });
  });
});

describe('GET /api/openapi.json', () => {
  test('describes the mounted routes with their permissions and schemas', async () => {
    const res = await request(t.app).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.0.3');
    const rolesPost = res.body.paths['/api/roles'].post;
    expect(rolesPost.description).toContain('roles:create');
    expect(rolesPost.requestBody.content['application/json'].schema.properties).toHaveProperty('permissions');
    expect(res.body.paths['/api/roles/{id}'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
  });
});

describe('reference data from migrations', () => {
  test('the 11 business categories, the seeded roles and the lookups exist without demo data', async () => {
    const names = (await BusinessCategory.findAll({ attributes: ['name'], raw: true })).map((b) => b.name);
    expect(names).toEqual(expect.arrayContaining([...BusinessCategoryName]));
    const roles = (await Role.findAll({ where: { system: true }, raw: true })).map((r) => r.name).sort();
    expect(roles).toEqual(['ACADEMIC', 'ADMISSIONS', 'FINANCE', 'SUPER_ADMIN', 'SUPPORT']);
    expect(await Lookup.count({ where: { type: 'US_STATE' } })).toBeGreaterThanOrEqual(51);
  });
});

describe('GET /api/public/lookups', () => {
  test('filters by type, needs no token', async () => {
    const res = await request(t.app).get('/api/public/lookups?type=GENDER');
    expect(res.status).toBe(200);
    expect(res.body.content.map((i: { value: string }) => i.value)).toEqual(['MALE', 'FEMALE', 'NON_BINARY', 'PREFER_NOT_TO_SAY']);
    expect(res.body.content[0]).toEqual({ type: 'GENDER', value: 'MALE', label: 'Male' });
  });
  test('an unknown type is 400', async () => {
    const res = await request(t.app).get('/api/public/lookups?type=NOPE');
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('type');
  });
});

describe('the error contract', () => {
  test('an unknown /api path is 404 in the contract shape', async () => {
    const res = await request(t.app).get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
  test('malformed JSON is 400', async () => {
    const res = await request(t.app).post('/api/auth/signin/admin').set('Content-Type', 'application/json').send('{"email":');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });
  test('a 500 carries the generic message only, no internals', async () => {
    const app = express();
    app.get('/boom', () => {
      throw new Error('SELECT password_hash FROM users -- secret');
    });
    const logged: unknown[] = [];
    app.use(errorHandler({ error: (o) => logged.push(o), warn: () => undefined }));
    const res = await request(app).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ status: 500, code: 'INTERNAL_ERROR', message: 'An error found, please try again.' });
    expect(JSON.stringify(res.body)).not.toContain('password_hash');
    expect(logged).toHaveLength(1);
  });
  test('zod issues become field paths; unknown keys are named', () => {
    const schema = z.object({ address: address(), name: z.string() }).strict();
    const r = schema.safeParse({ address: { street1: '1 Main', zip: '10001' }, extra: 1 });
    expect(r.success).toBe(false);
    const errors = fieldErrors(r.error!);
    expect(errors).toMatchObject({
      'address.city': 'The address must contain a city',
      'address.countryCode': 'The address must contain a country',
      name: 'This field is required',
      extra: 'Unknown field',
    });
  });
});

describe('validation rules (platform spec §5)', () => {
  test('dates: MM-DD-YYYY in, YYYY-MM-DD out; impossible dates refused', () => {
    expect(parseDate('02-29-2024')).toBe('2024-02-29');
    expect(parseDate('2024-02-30')).toBeNull();
    expect(date().parse('12-31-1999')).toBe('1999-12-31');
    expect(date().safeParse('13-01-2000').success).toBe(false);
  });
  test('birth date at least 18 years ago', () => {
    const y = new Date().getUTCFullYear();
    expect(birthDate().safeParse(`01-01-${y - 17}`).error?.issues[0].message).toMatch(/^Below 18 age, call to .+ \(Phone enrollment\)$/);
    expect(birthDate().parse(`01-01-${y - 30}`)).toBe(`${y - 30}-01-01`);
  });
  test('strong password, no blanks', () => {
    expect(strongPassword().safeParse('Abcdefg1').success).toBe(true);
    expect(strongPassword().safeParse('abcdefg1').error?.issues[0].message).toBe('Minimum 8 characters, at least one number, one lower case and one upper case.');
    expect(strongPassword().safeParse('Abc defg1').error?.issues[0].message).toBe('Blank spaces are not allowed');
  });
  test('email is trimmed and lower-cased; a bad one gets the spec message', () => {
    expect(email().parse('  Ana@Example.COM ')).toBe('ana@example.com');
    expect(email().safeParse('ana@').error?.issues[0].message).toMatch(/^Please type your email in the format/);
  });
  test('phones: international, normalised; mobiles must be mobile-capable', () => {
    expect(phone('mobile').parse('(201) 555-0123')).toBe('+12015550123');
    expect(phone('any').parse('+44 20 7946 0958')).toBe('+442079460958');
    expect(phone('mobile').safeParse('+44 20 7946 0958').error?.issues[0].message).toBe('Invalid mobile phone');
    expect(phone('any').safeParse('12345').error?.issues[0].message).toBe('Invalid phone number');
    expect(phone('any').parse('')).toBeNull();
  });
});

describe('the list layer', () => {
  const spec = {
    ids: { kind: 'ids', column: 'id' },
    genders: { kind: 'in', column: 'gender', values: ['MALE', 'FEMALE'] },
    city: { kind: 'prefix', column: 'city' },
    createdAt: { kind: 'dateRange', column: 'createdAt', dateTime: true },
    amount: { kind: 'range', column: 'amount' },
  } as const;
  test('empty parts are dropped: empty strings, empty arrays, ranges without a lower bound', () => {
    const criteria = criteriaSchema(spec).parse({ genders: [], city: '', createdAt: { from: null, to: '2026-01-01' }, amount: { min: null, max: 5 } });
    expect(criteriaWhere(spec, criteria, 'mysql')).toEqual([]);
  });
  test('ranges, sets and prefixes translate to conditions', () => {
    const criteria = criteriaSchema(spec).parse({ genders: ['MALE'], city: 'New', createdAt: { from: '01-02-2026', to: '2026-01-31' }, amount: { min: 1, max: 5 } });
    const where = criteriaWhere(spec, criteria, 'mysql') as Array<Record<string, Record<symbol, unknown>>>;
    expect(where[0].gender[Op.in]).toEqual(['MALE']);
    expect(where[1].city[Op.like]).toBe('New%');
    expect(where[2].createdAt[Op.gte]).toEqual(new Date('2026-01-02T00:00:00.000Z'));
    expect(where[2].createdAt[Op.lte]).toEqual(new Date('2026-01-31T23:59:59.999Z'));
    expect(where[3].amount[Op.between]).toEqual([1, 5]);
  });
  test('unknown criteria keys are refused', () => {
    expect(criteriaSchema(spec).safeParse({ password: 'x' }).success).toBe(false);
  });
  test('LIKE wildcards in keywords are escaped on MariaDB', () => {
    expect(likePrefix('50%_off', 'mysql')).toBe('50\\%\\_off%');
    expect(likePrefix('50%', 'sqlite')).toBe('50%');
    expect(keywordWhere(['lastName'], '   ', 'mysql')).toBeNull();
  });
  test('a keyword of several words matches each word, or the whole phrase at the start of a column', () => {
    const where = keywordWhere(['name'], 'Health  Coach', 'mysql') as Record<symbol, Array<Record<string | symbol, unknown>>>;
    const [phrase, perWord] = where[Op.or];
    expect((phrase.name as Record<symbol, string>)[Op.like]).toBe('Health Coach%');
    expect((perWord[Op.and] as unknown[]).length).toBe(2);
  });
  test('paging: defaults, a capped size, whitelisted sortBy', () => {
    const q = pagingQuery({ sortable: { id: 'id', lastName: 'lastName', LAST_NAME: 'lastName' } });
    expect(q.parse({})).toEqual({ size: 10, page: 0, sortBy: 'id', descending: false });
    expect(q.parse({ size: '5000', descending: 'true', sortBy: 'LAST_NAME' })).toMatchObject({ size: 1000, descending: true, sortBy: 'LAST_NAME' });
    expect(q.safeParse({ sortBy: 'password' }).success).toBe(false);
    expect(q.safeParse({ page: '-1' }).success).toBe(false);
  });
});

describe('request logging', () => {
  test('one-time link tokens in query strings never reach the log', async () => {
    expect(maskQuery('/reset-account-password?token=abc.def&x=1')).toBe('/reset-account-password?token=[redacted]&x=1');
    expect(maskQuery('/api/students?keyword=smi')).toBe('/api/students?keyword=smi');
  });

  test('one access-log line per answered request, token masked; nothing when info is off; the health probe skipped', async () => {
    const lines: Array<Record<string, unknown>> = [];
    let infoOn = true;
    const log = { isLevelEnabled: (level: string) => level === 'info' && infoOn, info: (o: Record<string, unknown>) => lines.push(o) } as unknown as Logger;
    const app = express();
    app.use(accessLog(log, (url) => url === '/health'));
    app.get('/{*splat}', (_req, res) => {
      res.status(202).json({ ok: true });
    });
    await request(app).get('/reset-account-password?token=secret-value&x=1').expect(202);
    await request(app).get('/health').expect(202);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ req: { method: 'GET', url: '/reset-account-password?token=[redacted]&x=1' }, res: { statusCode: 202 } });
    expect(typeof lines[0].responseTime).toBe('number');
    expect(JSON.stringify(lines[0])).not.toContain('secret-value');
    infoOn = false;
    await request(app).get('/students').expect(202);
    expect(lines).toHaveLength(1);
  });
});

describe('list totals cache', () => {
  test('a total is reused for the same filter and forgotten when the model is written', async () => {
    const cache = new CountCache(60_000);
    let counted = 0;
    const count = async () => {
      counted += 1;
      return Lookup.count();
    };
    const key = whereKey({ [Op.and]: [{ type: 'GENDER' }, { value: { [Op.in]: ['MALE'] } }] });
    expect(key).not.toBe(whereKey({ [Op.and]: [{ type: 'GENDER' }, { value: { [Op.in]: ['FEMALE'] } }] }));
    const first = await cache.total(Lookup, key, count);
    expect(await cache.total(Lookup, key, count)).toBe(first);
    expect(counted).toBe(1);
    const row = await Lookup.create({ type: 'GENDER', value: `X${Date.now()}`, label: 'test' });
    expect(await cache.total(Lookup, key, count)).toBe(first + 1);
    expect(counted).toBe(2);
    await row.destroy();
    expect(await cache.total(Lookup, key, count)).toBe(first);
  });
});

describe('the console at /admin and the portal at /', () => {
  const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = jest.requireActual<typeof import('node:fs')>('node:fs');
  const { tmpdir } = jest.requireActual<typeof import('node:os')>('node:os');
  const path = jest.requireActual<typeof import('node:path')>('node:path');
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'hci-ui-'));
    for (const ui of ['admin', 'portal']) {
      mkdirSync(path.join(root, ui, 'dist', 'assets'), { recursive: true });
      writeFileSync(path.join(root, ui, 'dist', 'index.html'), `<!doctype html><title>${ui}</title>`);
      writeFileSync(path.join(root, ui, 'dist', 'assets', `${ui}-abc123.js`), `console.log('${ui}')`);
    }
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test('every console route answers the console page, uncached; its assets are cached for good', async () => {
    const app = createApp(t.deps, root);
    for (const url of ['/admin', '/admin/', '/admin/students/42', '/admin/verify?to=%2Fstudents']) {
      const res = await request(app).get(url);
      expect(res.status).toBe(200);
      expect(res.text).toBe('<!doctype html><title>admin</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await request(app).get('/admin/assets/admin-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('every other path answers the portal page; unknown API paths stay JSON 404s', async () => {
    const app = createApp(t.deps, root);
    for (const url of ['/', '/login', '/settings/profile', '/reset-account-password?token=x']) {
      const res = await request(app).get(url);
      expect(res.status).toBe(200);
      expect(res.text).toBe('<!doctype html><title>portal</title>');
    }
    const api = await request(app).get('/api/no-such-thing');
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  test('an asset goes out as its pre-built brotli or gzip copy when the client accepts it, cached for good', async () => {
    const { brotliCompressSync, gzipSync, brotliDecompressSync, gunzipSync } = jest.requireActual<typeof import('node:zlib')>('node:zlib');
    const source = `console.log('${'portal '.repeat(400)}')`;
    const assets = path.join(root, 'portal', 'dist', 'assets');
    writeFileSync(path.join(assets, 'big-def456.js'), source);
    writeFileSync(path.join(assets, 'big-def456.js.br'), brotliCompressSync(source));
    writeFileSync(path.join(assets, 'big-def456.js.gz'), gzipSync(source));
    // A plain node:http client: supertest would decode the body itself and hide what went over the wire.
    const { createServer, get: httpGet } = jest.requireActual<typeof import('node:http')>('node:http');
    const server = createServer(createApp(t.deps, root));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as import('node:net').AddressInfo).port;
    const get = (encoding: string) =>
      new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        httpGet({ host: '127.0.0.1', port, path: '/assets/big-def456.js', headers: { 'Accept-Encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    try {
      const br = await get('gzip, deflate, br');
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(br.headers.vary).toMatch(/Accept-Encoding/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(br.body).toString()).toBe(source);

      const gz = await get('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toBe(source);

      const plain = await get('identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(source);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('before the UIs are built, their paths say how to build them', async () => {
    const app = createApp(t.deps, path.join(root, 'nowhere'));
    const res = await request(app).get('/admin/students');
    expect(res.status).toBe(503);
    expect(res.text).toContain('npm run build');
  });
});
