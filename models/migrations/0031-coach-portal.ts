import type { QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

/**
 * Issue 19, the coach's portal: `GET /coaches/me/comments` lists the notes a coach wrote in their groups'
 * attendance, newest first — the records of the coach's groups sorted by `updated_at`, so that pair is
 * indexed. (The activity log's `entity_type` is a VARCHAR(40): the circles' new record kinds need no change.)
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.addIndex('coaching_circle_sign_up_sessions', ['coaching_circle_coach_id', 'updated_at'], { name: 'cc_sus_coach_updated' });
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.removeIndex('coaching_circle_sign_up_sessions', 'cc_sus_coach_updated');
}
