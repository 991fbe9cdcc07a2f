import { z } from 'zod';
import { id } from '../../models/validation';
import { pagingQuery } from '../common/list';

/** Newest first by default; sorted by id or creation time only (the primary key and the indexes that end with created_at). */
export const outboxSortable = { id: 'id', ID: 'id', createdAt: 'id', CREATED_AT: 'id' };

export const outboxListQuery = pagingQuery(
  { sortable: outboxSortable, defaultDescending: true },
  {
    status: z.enum(['PENDING', 'SENT', 'FAILED']).optional(),
  },
);
export type OutboxListQuery = { size: number; page: number; sortBy: string; descending: boolean; keyword?: string; status?: 'PENDING' | 'SENT' | 'FAILED' };

export const outboxIdParams = z.object({ id: id() }).strict();
