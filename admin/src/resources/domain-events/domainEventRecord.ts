import type { Identifier, RaRecord } from 'react-admin';
import type { DomainEventStatus, Of } from '../../../../models/enums';
import type { DomainEventAnswer } from '../../../../domain/contract/domain-events';
import { apiPath, type AppDataProvider } from '../../providers/dataProvider';

/** The console resource `domain-events` over /api/domain_events: one delivery of an event to one handler. */
export const DOMAIN_EVENTS = 'domain-events';

export type DomainEventStatusValue = Of<typeof DomainEventStatus>;

/** A delivery as the API answers it: the answer schema's type (domain/contract/domain-events.ts). */
export type DomainEventRecord = Omit<DomainEventAnswer, 'id'> & RaRecord;

export const domainEventStatusColor: Record<DomainEventStatusValue, 'default' | 'success' | 'error'> = { PENDING: 'default', DONE: 'success', FAILED: 'error' };

export function domainEventApi(dataProvider: Pick<AppDataProvider, 'request'>) {
  return {
    /** POST /domain_events/{id}/retry: a FAILED delivery sent again; answers it as it is after that. */
    retry: (id: Identifier) => dataProvider.request<DomainEventRecord>({ method: 'POST', path: `/${apiPath(DOMAIN_EVENTS)}/${encodeURIComponent(String(id))}/retry` }),
  };
}
