import type { Transaction } from 'sequelize';
import { Messages } from '../../models/messages';
import { AppError } from '../common/errors';
import { getProgram } from './programs.service';

/**
 * The program whose parts are about to change: 404 when missing, 409 PROGRAM_ARCHIVED when it is
 * archived (its parts are read-only until it is undeleted).
 */
export async function writableProgram(id: number, transaction?: Transaction) {
  const program = await getProgram(id, transaction);
  if (program.deleted) throw AppError.conflict('PROGRAM_ARCHIVED', Messages.PROGRAM_ARCHIVED);
  return program;
}

/** Money column value (DECIMAL arrives as a number on MariaDB with decimalNumbers, text on SQLite) → dollars. */
export const dollars = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
