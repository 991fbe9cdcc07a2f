import { QueryTypes, type QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

/**
 * FINANCE keeps the payment-plan templates and sells products: it gains every business-category
 * and product permission (docs/decisions.md, issue 4). Roles are editable, so this adds what is
 * missing and leaves anything else staff changed alone.
 */
const ADDED = ['business_categories:*', 'products:*'];

async function financePermissions(qi: QueryInterface): Promise<{ id: number; permissions: string[] } | null> {
  const rows = await qi.sequelize.query<{ id: number; permissions: string }>("SELECT id, permissions FROM roles WHERE name = 'FINANCE'", { type: QueryTypes.SELECT });
  if (!rows.length) return null;
  const raw = rows[0].permissions;
  return { id: rows[0].id, permissions: typeof raw === 'string' ? JSON.parse(raw) : raw };
}

async function save(qi: QueryInterface, id: number, permissions: string[]) {
  await qi.bulkUpdate('roles', { permissions: JSON.stringify(permissions) }, { id });
}

export async function up({ context: qi }: Ctx): Promise<void> {
  const role = await financePermissions(qi);
  if (!role) return;
  const missing = ADDED.filter((p) => !role.permissions.includes(p));
  if (missing.length) await save(qi, role.id, [...role.permissions, ...missing]);
}

export async function down({ context: qi }: Ctx): Promise<void> {
  const role = await financePermissions(qi);
  if (!role) return;
  await save(
    qi,
    role.id,
    role.permissions.filter((p) => !ADDED.includes(p)),
  );
}
