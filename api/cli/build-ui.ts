/**
 * Builds the console (admin/dist) and the portal (portal/dist) with Vite. With `--if-stale` (what
 * `npm start` runs first) a UI is rebuilt only when its dist is missing or older than its sources,
 * so a clean clone's `npm install && npm start` serves both and later starts cost nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const ifStale = process.argv.includes('--if-stale');

/** Newest modification time under the given paths (folders walked, node_modules and dist skipped). */
function newest(paths: string[]): number {
  let latest = 0;
  const walk = (p: string) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') walk(path.join(p, name));
    } else latest = Math.max(latest, s.mtimeMs);
  };
  paths.forEach(walk);
  return latest;
}

const shared = ['models/enums.ts', 'models/messages.ts', 'models/labels.ts', 'models/permissions.ts', 'package-lock.json'].map((p) => path.join(root, p));

for (const ui of ['admin', 'portal']) {
  const dir = path.join(root, ui);
  const index = path.join(dir, 'dist', 'index.html');
  if (ifStale && existsSync(index)) {
    const sources = newest([dir, ...shared, ...(ui === 'portal' ? [path.join(root, 'admin', 'src', 'providers', 'http.ts')] : [])]);
    if (statSync(index).mtimeMs >= sources) continue;
  }
  console.log(`building ${ui} …`);
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn', '-c', path.join(dir, 'vite.config.mts')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
