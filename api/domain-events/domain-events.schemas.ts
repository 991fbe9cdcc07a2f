import { z } from 'zod';
import { DomainEventStatus, DomainEventType } from '../../models/enums';
import { id } from '../../models/validation';
import { pagingQuery } from '../common/list';

/** Newest first by default; sorted by id or creation time (the primary key). */
export const domainEventSortable = { id: 'id', ID: 'id', createdAt: 'id', CREATED_AT: 'id' };

export const domainEventListQuery = pagingQuery(
  { sortable: domainEventSortable, defaultDescending: true, keyword: false },
  {
    status: z.enum(DomainEventStatus).optional(),
    type: z.enum(DomainEventType).optional(),
  },
);
export type DomainEventListQuery = { size: number; page: number; sortBy: string; descending: boolean; status?: (typeof DomainEventStatus)[number]; type?: string };

export const domainEventIdParams = z.object({ id: id() }).strict();
