import type { LmsTokens } from './client';
import { LmsAuthError } from './client';
import { http } from './http';

/** Where a client's OAuth 2 tokens are kept: the current ones, and how to keep new ones (encrypted, on the connection). */
export interface TokenStore {
  current(): LmsTokens | null;
  save(tokens: LmsTokens): Promise<void>;
}

/** A store that only remembers (tests, and a check before a connection is saved). */
export function memoryTokens(initial: LmsTokens | null = null): TokenStore & { saved: LmsTokens[] } {
  let tokens = initial;
  const saved: LmsTokens[] = [];
  return {
    saved,
    current: () => tokens,
    async save(t) {
      tokens = t;
      saved.push(t);
    },
  };
}

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number | string;
  token_type?: string;
}

/** An OAuth 2 token endpoint's answer as LmsTokens (the refresh token kept when the answer has none). */
export function tokensOf(body: TokenAnswer, previousRefresh: string | null = null, now = Date.now()): LmsTokens {
  if (!body?.access_token) throw new LmsAuthError('The token endpoint answered no access token');
  const seconds = Number(body.expires_in);
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? previousRefresh,
    expiresAt: Number.isFinite(seconds) && seconds > 0 ? new Date(now + seconds * 1000) : null,
  };
}

/** POST to a token endpoint (form-encoded, client credentials in the body as D2L and Docebo take them). */
export async function requestToken(tokenUrl: string, form: Record<string, string>, previousRefresh: string | null = null): Promise<LmsTokens> {
  try {
    const res = await http<TokenAnswer>({ method: 'POST', url: tokenUrl, form });
    return tokensOf(res.body, previousRefresh);
  } catch (err) {
    // A refused grant is a credentials problem whatever status the server chose (D2L and Docebo answer 400 invalid_grant).
    if (err instanceof Error && 'status' in err && (err as { status: number }).status === 400) throw new LmsAuthError(err.message, 400);
    throw err;
  }
}
