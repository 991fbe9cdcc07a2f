import type { QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

/**
 * Issue 20, files (helper "files"): an application's document is a stored file (`document_name` holds
 * the upload's storage key, api/files). Deleting a file asks whether an application still names it,
 * and the application's answer joins its stored file by that key: both read `document_name` by value.
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.addIndex('applications', ['document_name'], { name: 'applications_document_name' });
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.removeIndex('applications', 'applications_document_name');
}
