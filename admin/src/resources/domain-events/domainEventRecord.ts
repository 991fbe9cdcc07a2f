import type { Identifier, RaRecord } from 'react-admin';
import type { DomainEventStatus, Of } from '../../../../models/enums';
import { apiPath, type AppDataProvider } from '../../providers/dataProvider';

/** The console resource `domain-events` over /api/domain_events: one delivery of an event to one handler. */
export const DOMAIN_EVENTS = 'domain-events';

export type DomainEventStatusValue = Of<typeof DomainEventStatus>;

export interface DomainEventRecord extends RaRecord {
  eventId: string;
  type: string;
  handler: string;
  status: DomainEventStatusValue;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  doneAt: string | null;
  payload: Record<string, unknown>;
  createdAt: string;
}

export const domainEventStatusColor: Record<DomainEventStatusValue, 'default' | 'success' | 'error'> = { PENDING: 'default', DONE: 'success', FAILED: 'error' };

export function domainEventApi(dataProvider: Pick<AppDataProvider, 'request'>) {
  return {
    /** POST /domain_events/{id}/retry: a FAILED delivery sent again; answers it as it is after that. */
    retry: (id: Identifier) => dataProvider.request<DomainEventRecord>({ method: 'POST', path: `/${apiPath(DOMAIN_EVENTS)}/${encodeURIComponent(String(id))}/retry` }),
  };
}
