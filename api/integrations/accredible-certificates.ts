import type { CertificateProvider, CertificateRequest, IssuedCertificate } from './certificates';

/**
 * The Accredible adapter of CertificateProvider (Accredible Credential API v1, plain fetch, the API key
 * as `Authorization: Token token=<key>`):
 * - first `GET /v1/all_credentials?group_id=&email=&page_size=50` — a credential of the group for the
 *   recipient whose meta_data names this enrollment is the one an earlier attempt made (issuing is
 *   retried after failures; a second credential must not be made);
 * - else `POST /v1/credentials` with `{ credential: { recipient: { name, email, id }, group_id, issued_on,
 *   complete, meta_data, custom_attributes } }`: the group (the program's accredibleGroupId) supplies the
 *   design and course texts; the answer's `credential` gives its id, page (`url`) and badge image.
 * Any other answer, a network failure or a timeout is thrown with Accredible's status and message.
 */

export interface AccredibleOptions {
  url: string;
  apiKey: string;
  timeoutMs?: number;
}

interface AccredibleCredential {
  id: number | string;
  url?: string | null;
  meta_data?: Record<string, unknown> | null;
  badge?: { image?: { preview?: string | null } | null } | null;
}

export class AccredibleCertificateProvider implements CertificateProvider {
  readonly name = 'ACCREDIBLE' as const;
  constructor(private readonly options: AccredibleOptions) {}

  async issue(r: CertificateRequest): Promise<IssuedCertificate> {
    const group = r.program.accredibleGroupId;
    if (!group) throw new Error(`Program ${r.program.id} has no Accredible group`);
    const existing = await this.find(group, r);
    const credential =
      existing ??
      (
        (await this.call('POST', '/v1/credentials', {
          credential: {
            recipient: { name: r.recipient.name, email: r.recipient.email, id: `student-${r.recipient.studentId}` },
            group_id: /^\d+$/.test(group) ? Number(group) : group,
            issued_on: r.issuedOn,
            complete: true,
            meta_data: { enrollment_id: String(r.enrollmentId), certificate_id: String(r.certificateId) },
            custom_attributes: { cohort: r.cohortLabel, late_graduation: r.late ? 'yes' : 'no' },
          },
        })) as { credential?: AccredibleCredential }
      ).credential;
    if (!credential || credential.id === undefined || credential.id === null) throw new Error('Accredible answered no credential');
    return {
      provider: 'ACCREDIBLE',
      externalId: String(credential.id),
      url: credential.url ?? null,
      badgeUrl: credential.badge?.image?.preview ?? null,
      storageKey: null,
    };
  }

  /** The credential an earlier attempt made for this enrollment, if any. */
  private async find(group: string, r: CertificateRequest): Promise<AccredibleCredential | null> {
    const query = new URLSearchParams({ group_id: group, email: r.recipient.email, page_size: '50', page: '1' });
    const answer = (await this.call('GET', `/v1/all_credentials?${query.toString()}`)) as { credentials?: AccredibleCredential[] };
    return (answer.credentials ?? []).find((c) => String(c.meta_data?.enrollment_id ?? '') === String(r.enrollmentId)) ?? null;
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const base = this.options.url.replace(/\/+$/, '');
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { Authorization: `Token token=${this.options.apiKey}`, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new Error(`Accredible could not be reached: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!res.ok) {
      const errors = (json as { errors?: unknown } | null)?.errors;
      const detail = errors ? (typeof errors === 'string' ? errors : JSON.stringify(errors)) : text.slice(0, 200);
      throw new Error(`Accredible ${method} ${path.split('?')[0]} answered ${res.status}: ${detail}`.slice(0, 500));
    }
    return json ?? {};
  }
}
