import crypto from 'node:crypto';

/**
 * Encryption at rest of learning-system secrets (issue 21): AES-256-GCM with a random 96-bit IV per
 * value; stored as `v1:<iv>:<tag>:<ciphertext>` (base64). The key comes from LMS_SECRET_KEY
 * (api/config.ts): 32 bytes written as 64 hex digits or as base64, else a passphrase hashed with
 * SHA-256. A value that does not decrypt (wrong key, tampered) throws: it is never answered as text.
 */

const VERSION = 'v1';

/** The 32-byte key of a configured LMS_SECRET_KEY. */
export function lmsKey(secret: string): Buffer {
  if (/^[0-9a-fA-F]{64}$/.test(secret)) return Buffer.from(secret, 'hex');
  const b64 = /^[A-Za-z0-9+/]{43}=?$/.test(secret) ? Buffer.from(secret, 'base64') : null;
  if (b64 && b64.length === 32) return b64;
  return crypto.createHash('sha256').update(secret, 'utf8').digest();
}

export function encryptText(key: Buffer, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64'), tag.toString('base64'), body.toString('base64')].join(':');
}

export function decryptText(key: Buffer, stored: string): string {
  const [version, iv, tag, body] = stored.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Unreadable LMS secret');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}

/** A JSON object encrypted (null when empty). */
export function sealJson(key: Buffer, value: Record<string, string | null | undefined>): string | null {
  const kept = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  return Object.keys(kept).length ? encryptText(key, JSON.stringify(kept)) : null;
}

export function openJson(key: Buffer, stored: string | null | undefined): Record<string, string> {
  if (!stored) return {};
  return JSON.parse(decryptText(key, stored)) as Record<string, string>;
}

/** What a secret looks like in an answer: bullets and its last 4 characters when it is long enough to keep them unguessable. */
export function maskSecret(value: string | null | undefined, showTail = true): string | null {
  if (!value) return null;
  return showTail && value.length >= 12 ? `••••••••${value.slice(-4)}` : '••••••••';
}
