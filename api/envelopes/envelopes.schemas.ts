import { z } from 'zod';
import { Messages } from '../../models/messages';
import { id, requiredText } from '../../models/validation';
import { pagingQuery } from '../common/list';
import { EnvelopeStatus } from '../../domain/state/envelopes';

export { EnvelopeStatus };

export const envelopeIdParams = z.object({ id: id() });
export const applicationIdParams = z.object({ id: id() });
export const studentIdParams = z.object({ id: id() });

/** POST /envelopes/{id}/sign: the typed full name. */
export const signBody = z.object({ signedName: requiredText(200) }).strict();

/** GET /students/{id}/envelopes: newest first, 10 a page (platform spec §9), optionally one status. */
export const studentEnvelopeQuery = pagingQuery(
  { sortable: { createdAt: 'createdAt', CREATED_AT: 'createdAt', id: 'id', ID: 'id' }, defaultSort: 'createdAt', defaultDescending: true, maxSize: 100 },
  { status: z.enum(EnvelopeStatus, { error: Messages.INVALID_VALUE }).optional() },
);
export type StudentEnvelopeQuery = z.output<typeof studentEnvelopeQuery> & { status?: (typeof EnvelopeStatus)[number] };
