import type { Transaction } from 'sequelize';
import { LmsConnection } from '../../models';
import { Messages } from '../../models/messages';
import { AppError } from '../common/errors';

/** A program's or cohort's `lmsConnectionId`: null, or a connection that exists (else 400 on the field). */
export async function checkLmsConnection(id: number | null | undefined, transaction?: Transaction, field = 'lmsConnectionId'): Promise<void> {
  if (id === null || id === undefined) return;
  const found = await LmsConnection.findByPk(id, { attributes: ['id'], transaction });
  if (!found) throw AppError.badRequest({ [field]: Messages.INVALID_VALUE });
}
