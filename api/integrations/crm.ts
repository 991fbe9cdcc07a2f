import { Op, Sequelize } from 'sequelize';
import { CrmNotification } from '../../models';
import type { Deps } from '../common/context';
import { SalesforceCrmClient } from './salesforce-crm';
import { CRM_RETRYABLE_STATUSES } from '../../domain/state/crm-notifications';

/**
 * CRM delivery (issue 5): a status change inserts a PENDING CrmNotification row in its transaction
 * (api/applications/status.ts); after the commit `deliverPending` sends the PENDING rows through the
 * configured CrmClient. A row is claimed with a compare-and-set (PENDING|FAILED → SENDING, attempts
 * + 1) so two deliveries never send it twice; the answer makes it ACCEPTED (externalId, sentAt) or
 * FAILED (lastError). FAILED rows wait for a retry by staff (POST .../salesforce_notifications/{id}).
 */

/** What a CRM client is given: the stored notification. */
export interface CrmMessage {
  id: number;
  applicationId: number;
  crm: string;
  event: string;
  payload: Record<string, unknown>;
}

export interface CrmClient {
  readonly name: string;
  /** Delivers one notification; throws (any Error) when the CRM refused it or could not be reached. */
  send(notification: CrmMessage): Promise<{ externalId: string }>;
}

/**
 * The default client: no CRM is configured, so the delivery is accepted locally and the row itself
 * (ACCEPTED, externalId `local-{id}`, sentAt) is the record of it; the log says so too.
 */
export class LocalCrmClient implements CrmClient {
  readonly name = 'local';
  constructor(private readonly log?: Deps['log']) {}
  async send(n: CrmMessage): Promise<{ externalId: string }> {
    this.log?.info({ crmNotificationId: n.id, applicationId: n.applicationId, event: n.event }, 'CRM notification recorded locally');
    return { externalId: `local-${n.id}` };
  }
}

let override: CrmClient | null = null;
/** Replaces the configured client (tests: a failing or recording fake); null restores the configuration. */
export function useCrmClient(client: CrmClient | null): void {
  override = client;
}

/** The client the configuration names: CRM_ADAPTER=salesforce → the REST adapter, else the local one. */
export function crmClient(deps: Deps): CrmClient {
  if (override) return override;
  if (deps.config.CRM_ADAPTER === 'salesforce') {
    return new SalesforceCrmClient({ url: deps.config.SALESFORCE_URL, token: deps.config.SALESFORCE_TOKEN });
  }
  return new LocalCrmClient(deps.log);
}

/** The statuses a delivery claims (domain/state/crm-notifications.ts): PENDING and FAILED. */
export const RETRYABLE: readonly string[] = CRM_RETRYABLE_STATUSES;
const BATCH = 50;
const ERROR_MAX = 500;

function messageOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (text || 'Delivery failed').slice(0, ERROR_MAX);
}

/**
 * Sends one notification if it can be claimed (it is in one of `from`): true when this call sent
 * it (ACCEPTED or FAILED), false when another delivery had it or it is not in `from`.
 */
export async function deliverOne(deps: Deps, id: number, from: readonly string[] = RETRYABLE): Promise<boolean> {
  const [claimed] = await CrmNotification.update(
    { status: 'SENDING', attempts: Sequelize.literal('attempts + 1') as unknown as number },
    { where: { id, status: { [Op.in]: [...from] } } },
  );
  if (claimed !== 1) return false;
  const row = await CrmNotification.findByPk(id);
  if (!row) return false;
  try {
    const { externalId } = await crmClient(deps).send({ id: row.id, applicationId: row.applicationId, crm: row.crm, event: row.event, payload: row.payload });
    await CrmNotification.update({ status: 'ACCEPTED', externalId: String(externalId).slice(0, 100), sentAt: new Date(), lastError: null }, { where: { id } });
  } catch (err) {
    deps.log.warn({ crmNotificationId: id, err: messageOf(err) }, 'CRM notification failed');
    await CrmNotification.update({ status: 'FAILED', lastError: messageOf(err) }, { where: { id } });
  }
  return true;
}

/**
 * Sends every PENDING Salesforce notification, oldest first, in batches (call it after a status
 * change has committed). Answers how many were accepted and how many failed.
 */
export async function deliverPending(deps: Deps): Promise<{ accepted: number; failed: number }> {
  let accepted = 0;
  let failed = 0;
  let afterId = 0;
  for (;;) {
    const rows = await CrmNotification.findAll({
      attributes: ['id'],
      where: { status: 'PENDING', crm: 'salesforce', id: { [Op.gt]: afterId } },
      order: [['id', 'ASC']],
      limit: BATCH,
      raw: true,
    });
    if (!rows.length) break;
    for (const { id } of rows) {
      afterId = id;
      if (!(await deliverOne(deps, id, ['PENDING']))) continue;
      const after = await CrmNotification.findByPk(id, { attributes: ['status'], raw: true });
      if (after?.status === 'ACCEPTED') accepted += 1;
      else failed += 1;
    }
    if (rows.length < BATCH) break;
  }
  return { accepted, failed };
}

let running: Promise<unknown> | null = null;
let again = false;

/**
 * deliverPending in the background, one run at a time (a request that changed a status does not wait
 * for the CRM): a call while a run is going makes it run once more. Errors are logged, never thrown.
 */
export function scheduleDelivery(deps: Deps): void {
  if (running) {
    again = true;
    return;
  }
  running = (async () => {
    do {
      again = false;
      try {
        await deliverPending(deps);
      } catch (err) {
        deps.log.warn({ err: messageOf(err) }, 'CRM delivery run failed');
      }
    } while (again);
  })().finally(() => {
    running = null;
  });
}

/** Resolves when no background delivery is running (tests; a graceful shutdown). */
export async function crmIdle(): Promise<void> {
  while (running) await running;
}
