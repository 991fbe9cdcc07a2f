import type { CrmClient, CrmMessage } from './crm';

/**
 * The Salesforce REST adapter of CrmClient (API v60.0, plain fetch, OAuth bearer access token from
 * SALESFORCE_TOKEN). An application status change updates its Opportunity:
 * `PATCH {SALESFORCE_URL}/services/data/v60.0/sobjects/Opportunity/{opportunityId}` with the status
 * (204 No Content); an application without an opportunity id gets a Task instead
 * (`POST .../sobjects/Task`, 201 `{ id, success }`) so admissions still see the change. Any other
 * answer, a network failure or a timeout is thrown with Salesforce's error code and message.
 */

export const SALESFORCE_API = '/services/data/v60.0';
/** The custom Opportunity fields the status goes to. */
export const OPPORTUNITY_FIELDS = { status: 'Application_Status__c', applicationId: 'Application_Id__c' } as const;

export interface SalesforceOptions {
  url?: string | null;
  token?: string | null;
  timeoutMs?: number;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export class SalesforceCrmClient implements CrmClient {
  readonly name = 'salesforce';
  constructor(private readonly options: SalesforceOptions) {}

  async send(n: CrmMessage): Promise<{ externalId: string }> {
    const { url, token } = this.options;
    if (!url || !token) throw new Error('Salesforce is not configured (SALESFORCE_URL and SALESFORCE_TOKEN)');
    const base = url.replace(/\/+$/, '');
    const p = n.payload ?? {};
    const status = text(p.status);
    const opportunityId = text(p.opportunityId).trim();
    if (opportunityId) {
      await this.call('PATCH', `${base}${SALESFORCE_API}/sobjects/Opportunity/${encodeURIComponent(opportunityId)}`, {
        [OPPORTUNITY_FIELDS.status]: status,
        [OPPORTUNITY_FIELDS.applicationId]: String(n.applicationId),
      });
      return { externalId: opportunityId };
    }
    const answer = await this.call('POST', `${base}${SALESFORCE_API}/sobjects/Task`, {
      Subject: `Application ${n.applicationId}: ${status}`.slice(0, 255),
      Description: [
        `Event: ${n.event}`,
        `Application: ${n.applicationId}`,
        `Status: ${status}`,
        `Previous status: ${text(p.previousStatus)}`,
        `Student email: ${text(p.studentEmail)}`,
        `Product: ${text(p.productId)}`,
      ].join('\n'),
      Status: 'Completed',
      Priority: 'Normal',
    });
    const id = (answer as { id?: unknown } | null)?.id;
    if (!id) throw new Error('Salesforce created no Task id');
    return { externalId: String(id) };
  }

  private async call(method: 'PATCH' | 'POST', url: string, body: Record<string, unknown>): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: { Authorization: `Bearer ${this.options.token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new Error(`Salesforce unreachable: ${(err as Error).message}`, { cause: err });
    }
    const raw = await res.text();
    let parsed: unknown;
    try {
      parsed = raw ? JSON.parse(raw) : null;
    } catch {
      parsed = null;
    }
    if (!res.ok) {
      // Salesforce answers errors as [{ message, errorCode, fields }].
      const first = Array.isArray(parsed) ? (parsed[0] as { errorCode?: string; message?: string } | undefined) : undefined;
      const detail = first ? `${first.errorCode ?? 'ERROR'}: ${first.message ?? ''}` : raw.slice(0, 200) || res.statusText;
      throw new Error(`Salesforce ${res.status} ${detail}`.trim());
    }
    return parsed;
  }
}
