/** Helpers both benches share: the local-database guard, the bench database, a free port. */
import net from 'node:net';
import mysql from 'mysql2/promise';

/** The benches only ever write to a database on this machine. */
export function assertLocal(url: string) {
  const host = new URL(url.replace(/^mariadb:/, 'mysql:')).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') throw new Error(`the benchmark only targets 127.0.0.1 (got ${host})`);
}

/** Creates the bench database if it is missing; answers MariaDB's version. */
export async function ensureDatabase(url: string): Promise<string> {
  const u = new URL(url.replace(/^mariadb:/, 'mysql:'));
  const name = u.pathname.replace(/^\//, '');
  if (!/^\w+$/.test(name)) throw new Error(`bad database name: ${name}`);
  const conn = await mysql.createConnection({ host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username), password: decodeURIComponent(u.password) });
  try {
    await conn.query(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4`);
    const [[v]] = (await conn.query('SELECT VERSION() AS v')) as unknown as [[{ v: string }]];
    return v.v;
  } finally {
    await conn.end();
  }
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}
