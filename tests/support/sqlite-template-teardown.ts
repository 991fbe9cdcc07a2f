/** Jest globalTeardown of the API project: removes the SQLite template (tests/support/sqlite-template.ts). */
import fs from 'node:fs';
import path from 'node:path';

export default async function globalTeardown(): Promise<void> {
  const file = process.env.HCI_TEST_SQLITE_TEMPLATE;
  if (file && path.basename(path.dirname(file)).startsWith('hci-template-')) fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
