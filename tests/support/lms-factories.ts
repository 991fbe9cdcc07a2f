import { LmsConnection } from '../../models';
import type { Deps } from '../../api/common/context';
import { keyOf } from '../../api/lms/connections.service';
import { sealJson } from '../../api/integrations/lms/secrets';
import type { LmsConnectionStatus, LmsVendor, Of } from '../../models/enums';
import { unique } from './factories';

/**
 * A learning-system connection row (issue 21) with its secrets sealed as the API seals them, and
 * access tokens when given (a D2L connection already authorized).
 */
export async function makeLmsConnection(
  deps: Deps,
  opts: {
    vendor?: Of<typeof LmsVendor>;
    status?: Of<typeof LmsConnectionStatus>;
    settings?: Record<string, string | null>;
    secrets?: Record<string, string>;
    tokens?: { accessToken: string; refreshToken: string | null; expiresAt: Date | null };
    name?: string;
  } = {},
) {
  const key = keyOf(deps);
  return LmsConnection.create({
    vendor: opts.vendor ?? 'INTERNAL',
    name: opts.name ?? unique('LMS '),
    status: opts.status ?? 'CONNECTED',
    settings: opts.settings ?? { baseUrl: 'https://learn.school.test' },
    secrets: sealJson(key, opts.secrets ?? {}),
    tokens: opts.tokens ? sealJson(key, { accessToken: opts.tokens.accessToken, refreshToken: opts.tokens.refreshToken }) : null,
    tokenExpiresAt: opts.tokens?.expiresAt ?? null,
    updatedById: null,
    updatedByName: null,
  });
}
