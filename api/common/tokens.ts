import crypto from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Principal } from './context';

/** What an access token carries; `iatMs` lets a revocation at time T kill tokens issued before T. */
export interface AccessClaims {
  sub: string;
  kind: Principal['kind'];
  aid?: number;
  sid?: number;
  cid?: number;
  name: string;
  perms: string[];
  iatMs: number;
}

// jsonwebtoken turns a string secret into a key on every call, first trying (and failing) to read it
// as a PEM public key: ~0.4 ms per request. The key object is made once per secret instead.
const keys = new Map<string, crypto.KeyObject>();
function keyOf(secret: string): crypto.KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

export function signAccessToken(secret: string, ttlSeconds: number, p: Principal): string {
  const claims: AccessClaims = {
    sub: String(p.userId), kind: p.kind, aid: p.administratorId, sid: p.studentId, cid: p.coachId, name: p.name, perms: p.permissions, iatMs: Date.now(),
  };
  return jwt.sign(claims, keyOf(secret), { algorithm: 'HS256', expiresIn: ttlSeconds });
}

/** Verifies signature and expiry; null for anything invalid. */
export function verifyAccessToken(secret: string, token: string): (AccessClaims & { exp: number }) | null {
  try {
    const c = jwt.verify(token, keyOf(secret), { algorithms: ['HS256'] }) as AccessClaims & { exp: number };
    return typeof c.sub === 'string' && typeof c.iatMs === 'number' ? c : null;
  } catch {
    return null;
  }
}

/** A random opaque token (for refresh tokens and links) and the SHA-256 we store of it. */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}
export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}
