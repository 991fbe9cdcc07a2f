import { QueryTypes, type QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

/**
 * Issue 20, exports: the FILE_EXPORT job reads pages of 1,000 rows, not 5,000. Measured on 1M students
 * (docs/benchmarks.md): the same rate, and the process's peak memory 208 MB instead of 374 MB (the target
 * is 250). A schedule whose batch staff changed keeps theirs; only the old default moves.
 */
async function setBatch(qi: QueryInterface, from: number, to: number): Promise<void> {
  const rows = await qi.sequelize.query<{ id: number; params: string }>(`SELECT id, params FROM job_schedules WHERE type = 'FILE_EXPORT'`, { type: QueryTypes.SELECT });
  for (const row of rows) {
    const params = JSON.parse(row.params || '{}') as Record<string, unknown>;
    if (params.batch !== from) continue;
    await qi.sequelize.query('UPDATE job_schedules SET params = :params WHERE id = :id', { replacements: { id: row.id, params: JSON.stringify({ ...params, batch: to }) } });
  }
}

export async function up({ context: qi }: Ctx): Promise<void> {
  await setBatch(qi, 5000, 1000);
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await setBatch(qi, 1000, 5000);
}
