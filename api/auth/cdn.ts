import crypto from 'node:crypto';
import type { Deps } from '../common/context';

/** Signed content-delivery credentials the console and the portal put on media requests. */
export interface CdnCredentials {
  keyPairId: string;
  signature: string;
  policy: string;
}

// CloudFront rejects '+', '=' and '/' in query values, so its signed-URL format swaps them.
export function cloudFrontBase64(data: Buffer | string): string {
  return Buffer.from(data).toString('base64').replace(/\+/g, '-').replace(/=/g, '_').replace(/\//g, '~');
}

/** Reverses {@link cloudFrontBase64}. */
export function fromCloudFrontBase64(value: string): Buffer {
  return Buffer.from(value.replace(/-/g, '+').replace(/_/g, '=').replace(/~/g, '/'), 'base64');
}

/**
 * A CloudFront custom policy for CDN_RESOURCE valid CDN_TTL_SECONDS from now, signed RSA-SHA1 with the
 * CDN private key (CloudFront only accepts SHA-1 for signed URLs and cookies).
 */
export function signCdnCredentials(deps: Pick<Deps, 'config' | 'cdnPrivateKey'>, now = Date.now()): CdnCredentials {
  const expires = Math.floor(now / 1000) + deps.config.CDN_TTL_SECONDS;
  const policyJson = JSON.stringify({ Statement: [{ Resource: deps.config.CDN_RESOURCE, Condition: { DateLessThan: { 'AWS:EpochTime': expires } } }] });
  const signature = crypto.createSign('RSA-SHA1').update(policyJson).sign(deps.cdnPrivateKey);
  return { keyPairId: deps.config.CDN_KEY_PAIR_ID, signature: cloudFrontBase64(signature), policy: cloudFrontBase64(policyJson) };
}
