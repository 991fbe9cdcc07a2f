import type { QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

/**
 * Issue 17, communications (staff write): the indexes of the intents' lists. A communication's
 * intents sort by when they were sent (spec §9: SENT_AT descending) and a student's messages newest
 * first (by id, or by sent time): each filter with its sort column, so a page of a 100k-recipient
 * broadcast or of a student's inbox history is an index walk.
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.addIndex('communication_intents', ['communication_id', 'sent_at', 'id'], { name: 'communication_intents_communication_sent_at' });
  await qi.addIndex('communication_intents', ['student_id', 'id'], { name: 'communication_intents_student_id' });
  await qi.addIndex('communication_intents', ['student_id', 'sent_at', 'id'], { name: 'communication_intents_student_sent_at' });
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.removeIndex('communication_intents', 'communication_intents_student_sent_at');
  await qi.removeIndex('communication_intents', 'communication_intents_student_id');
  await qi.removeIndex('communication_intents', 'communication_intents_communication_sent_at');
}
