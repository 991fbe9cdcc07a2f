import crypto from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import type { Principal } from './context';

/** The `typ` claim of our access tokens: a token signed for anything else is not one. */
const ACCESS = 'access';

/** What an access token carries; `iatMs` lets a revocation at time T kill tokens issued before T. */
export interface AccessClaims {
  typ: typeof ACCESS;
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
    typ: ACCESS,
    sub: String(p.userId),
    kind: p.kind,
    aid: p.administratorId,
    sid: p.studentId,
    cid: p.coachId,
    name: p.name,
    perms: p.permissions,
    iatMs: Date.now(),
  };
  return jwt.sign(claims, keyOf(secret), { algorithm: 'HS256', expiresIn: ttlSeconds });
}

const recordId = z.number().int().positive();
/**
 * The claims an access token must carry, each of its type. jsonwebtoken checks `exp` only when it is
 * there, so a token without one (or of another type, or whose permissions are a string) is refused here.
 */
const accessClaims = z.object({
  typ: z.literal(ACCESS),
  sub: z.string().regex(/^[1-9]\d*$/),
  kind: z.enum(['ADMIN', 'STUDENT', 'COACH']),
  aid: recordId.optional(),
  sid: recordId.optional(),
  cid: recordId.optional(),
  name: z.string(),
  perms: z.array(z.string()),
  iatMs: z.number().int().nonnegative(),
  exp: z.number().int(),
});

/** Verifies signature and expiry, and that the token is one of our access tokens; null for anything else. */
export function verifyAccessToken(secret: string, token: string): (AccessClaims & { exp: number }) | null {
  let payload: unknown;
  try {
    payload = jwt.verify(token, keyOf(secret), { algorithms: ['HS256'] });
  } catch {
    return null;
  }
  const claims = accessClaims.safeParse(payload);
  return claims.success ? claims.data : null;
}

/** A random opaque token (for refresh tokens and links) and the SHA-256 we store of it. */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}
export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}
