import sqlite3 from 'sqlite3';

/** Rows of a query on the e2e server's database, opened read-only (the server runs SQLite in WAL mode). */
export function queryDb<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url?.startsWith('sqlite:')) throw new Error('E2E_DATABASE_URL is not set: run the browser suite with `npm run test:e2e`');
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(url.slice('sqlite:'.length), sqlite3.OPEN_READONLY, (opened) => {
      if (opened) return reject(opened);
      db.all<T>(sql, params, (failed, rows) => {
        db.close();
        if (failed) reject(failed);
        else resolve(rows);
      });
    });
  });
}
