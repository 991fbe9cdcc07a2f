import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createStorage } from '../../api/bootstrap';
import { loadConfig } from '../../api/config';
import { S3Storage, contentDisposition } from '../../api/integrations/s3-storage';
import { LocalStorage, newKey, type Storage } from '../../api/integrations/storage';
import { startLocalS3, type LocalS3 } from '../support/s3';

/**
 * The storage adapters (api/integrations/storage.ts, s3-storage.ts): one contract run against the
 * local folder and against an S3-compatible server the test starts (s3rver), then what only S3 does
 * (multipart streaming, presigned downloads) and the configuration that picks it.
 */

let s3: LocalS3;
let localRoot: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'hci-local-storage-'));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(localRoot, { recursive: true, force: true });
});

const s3Storage = () => createStorage(loadConfig({ ...process.env, ...s3.env })) as S3Storage;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** `size` bytes made chunk by chunk (never one buffer of the whole), and their digest. */
function generated(size: number, chunk = 256 * 1024): { stream: Readable; digest: () => string } {
  const hash = crypto.createHash('sha256');
  let left = size;
  const stream = new Readable({
    read() {
      if (left <= 0) return this.push(null);
      const part = crypto.randomBytes(Math.min(chunk, left));
      left -= part.length;
      hash.update(part);
      this.push(part);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

describe.each([
  ['LocalStorage', () => new LocalStorage(localRoot) as Storage],
  ['S3Storage', () => s3Storage() as Storage],
])('the Storage contract: %s', (_name, make) => {
  test('put answers the bytes written; get streams them back; stat gives the size; delete removes it (twice is fine)', async () => {
    const storage = make();
    const key = newKey('contract', 'bin');
    const body = Buffer.from('hello, storage');
    expect(await storage.put(key, Readable.from([body]), { contentType: 'application/octet-stream' })).toEqual({ size: body.length });
    expect(await storage.stat(key)).toEqual({ size: body.length });
    expect((await readAll((await storage.get(key))!)).toString()).toBe('hello, storage');
    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  test('a missing key: get and stat answer null', async () => {
    const storage = make();
    const key = newKey('contract', 'pdf');
    expect(await storage.get(key)).toBeNull();
    expect(await storage.stat(key)).toBeNull();
  });

  test('put replaces an object of the same key', async () => {
    const storage = make();
    const key = newKey('contract', 'txt');
    await storage.put(key, Readable.from([Buffer.from('first version')]));
    await storage.put(key, Readable.from([Buffer.from('second')]));
    expect((await readAll((await storage.get(key))!)).toString()).toBe('second');
    expect(await storage.stat(key)).toEqual({ size: 6 });
  });

  test('a key that could leave the root is refused before anything is touched', async () => {
    const storage = make();
    await expect(storage.put('../escape.txt', Readable.from([Buffer.from('x')]))).rejects.toThrow(/invalid storage key/);
    await expect(storage.get('a//b')).rejects.toThrow(/invalid storage key/);
  });

  test('a body that fails half-way leaves no object behind (whole or not at all)', async () => {
    const storage = make();
    const key = newKey('contract', 'bin');
    let sent = 0;
    const failing = new Readable({
      read() {
        sent += 1;
        if (sent > 3) this.destroy(new Error('client went away'));
        else this.push(crypto.randomBytes(64 * 1024));
      },
    });
    await expect(storage.put(key, failing)).rejects.toThrow();
    expect(await storage.stat(key)).toBeNull();
  });
});

describe('S3Storage against a local S3-compatible server', () => {
  test('a 12 MB stream is put as a multipart upload (parts of 5 MB) and read back byte for byte', async () => {
    const storage = s3Storage();
    const key = newKey('big', 'bin');
    const size = 12 * 1024 * 1024 + 123;
    const source = generated(size);
    expect(await storage.put(key, source.stream, { contentType: 'application/octet-stream' })).toEqual({ size });
    expect(await storage.stat(key)).toEqual({ size });
    const back = await readAll((await storage.get(key))!);
    expect(back.length).toBe(size);
    expect(sha(back)).toBe(source.digest());
  });

  test('a signed URL, fetched with plain fetch, answers the bytes with the download name', async () => {
    const storage = s3Storage();
    const key = newKey('signed', 'pdf');
    const body = crypto.randomBytes(70_000);
    await storage.put(key, Readable.from([body]), { contentType: 'application/pdf' });
    const url = await storage.signedUrl(key, { expiresInSeconds: 60, downloadName: 'Informe año.pdf', contentType: 'application/pdf' });
    expect(url).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/signed/`));
    expect(url).toContain('X-Amz-Signature=');
    const res = await fetch(url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(contentDisposition('Informe año.pdf'));
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(sha(Buffer.from(await res.arrayBuffer()))).toBe(sha(body));
  });

  test('the local folder has no signed URL: the API streams its files itself', async () => {
    expect(await new LocalStorage(localRoot).signedUrl()).toBeNull();
  });
});

describe('configuration', () => {
  test('STORAGE=s3 picks the S3 adapter with the S3_* settings; the default is the local folder', () => {
    const storage = s3Storage();
    expect(storage).toBeInstanceOf(S3Storage);
    expect(storage.settings).toMatchObject({ bucket: s3.bucket, endpoint: s3.endpoint, forcePathStyle: true, region: 'us-east-1' });
    const { STORAGE: _s, ...rest } = process.env;
    void _s;
    expect(createStorage(loadConfig({ ...rest, STORAGE_DIR: localRoot }))).toBeInstanceOf(LocalStorage);
  });

  test('STORAGE=s3 without a bucket, or with half the credentials, is refused at start', () => {
    expect(() => loadConfig({ ...process.env, STORAGE: 's3', S3_BUCKET: '' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...process.env, STORAGE: 's3', S3_BUCKET: undefined })).toThrow(/S3_BUCKET: required when STORAGE=s3/);
    expect(() => loadConfig({ ...process.env, STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/both or neither/);
    expect(() => loadConfig({ ...process.env, STORAGE: 'ftp' })).toThrow(/STORAGE/);
  });
});
