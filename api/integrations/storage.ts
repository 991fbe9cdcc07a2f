import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where files live (uploads, exports): an interface with a local folder as the working default and an
 * S3-compatible adapter selected by configuration (STORAGE=s3). Keys are the platform's own generated
 * names (never a user's file name), `/`-separated, without `..`.
 *
 * An object appears whole or not at all: a reader never sees a half-written file (the local adapter
 * writes a temporary file and renames it; S3 makes an object visible only when its upload completes).
 */
export interface Storage {
  /** Writes the stream under the key; answers the bytes written. Replaces an object of the same key. */
  put(key: string, body: Readable, options?: { contentType?: string }): Promise<{ size: number }>;
  /** The object's bytes as a stream; null when there is none. */
  get(key: string): Promise<Readable | null>;
  /** The object's size, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the object (no error when it is already gone). */
  delete(key: string): Promise<void>;
  /**
   * A time-limited address the browser downloads the object from directly (S3's presigned GET), or
   * null when the API streams the file itself (local folder).
   */
  signedUrl(key: string, options: { expiresInSeconds: number; downloadName?: string; contentType?: string }): Promise<string | null>;
  /**
   * Removes what writes cut off by a dead process left behind, older than `before` (the CLEANUP job);
   * answers how many. Optional: on S3 the bucket's AbortIncompleteMultipartUpload lifecycle rule does it
   * (README, "Files and storage"), and a single-part PutObject leaves nothing when cut.
   */
  removeAbandoned?(before: Date): Promise<number>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._\-/]{0,499}$/;

/** Refuses a key that could leave the storage's root or is not one of ours. */
export function assertKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** A new key under a prefix: `<prefix>/<yyyy>/<mm>/<random>.<ext>` (the extension from the content's type). */
export function newKey(prefix: string, extension: string, now = new Date()): string {
  const ext = extension.replace(/[^a-z0-9]/gi, '').toLowerCase();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const key = `${prefix}/${now.getUTCFullYear()}/${month}/${crypto.randomUUID()}${ext ? `.${ext}` : ''}`;
  assertKey(key);
  return key;
}

/** Files in a folder of this machine (the default: `data/files`, beside the SQLite file). */
export class LocalStorage implements Storage {
  constructor(readonly root: string) {}

  private file(key: string): string {
    assertKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable): Promise<{ size: number }> {
    const target = this.file(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${crypto.randomBytes(6).toString('hex')}.partial`;
    try {
      await pipeline(body, fs.createWriteStream(partial));
      await fsp.rename(partial, target);
    } catch (err) {
      await fsp.rm(partial, { force: true });
      throw err;
    }
    return { size: (await fsp.stat(target)).size };
  }

  async get(key: string): Promise<Readable | null> {
    const file = this.file(key);
    try {
      const handle = await fsp.open(file, 'r');
      return handle.createReadStream();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await fsp.stat(this.file(key));
      return s.isFile() ? { size: s.size } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.file(key), { force: true });
  }

  async signedUrl(): Promise<string | null> {
    return null;
  }

  /** The `.partial` files of writes whose process died before the rename (a finished write leaves none). */
  async removeAbandoned(before: Date): Promise<number> {
    let removed = 0;
    const walk = async (dir: string): Promise<void> => {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      for (const e of entries) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) await walk(full);
        else if (e.name.endsWith('.partial') && (await fsp.stat(full)).mtime < before) {
          await fsp.rm(full, { force: true });
          removed += 1;
        }
      }
    };
    await walk(this.root);
    return removed;
  }
}
