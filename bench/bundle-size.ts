/**
 * Initial JavaScript of the built console and portal: the entry chunk index.html loads plus every
 * chunk it imports statically (what the browser fetches before the first screen), gzip level 9.
 * Budgets: console ≤ 350 KB, portal ≤ 150 KB. `npm run bench:bundle` (after `npm run build`).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(__dirname, '..');
const budgets = { admin: 350, portal: 150 } as const;

/** Files (relative to dist) the first screen needs, following static imports only. */
function initialFiles(dist: string, base: string): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const strip = (p: string) => (p.startsWith(base) ? p.slice(base.length) : p.replace(/^\//, ''));
  const queue = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => strip(m[1]));
  const seen = new Set<string>();
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(dist, file), 'utf8');
    // `import … from "./x.js"` and `import "./x.js"`, never dynamic `import("./x.js")`.
    for (const m of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
      queue.push(path.join(path.dirname(file), m[1]));
    }
  }
  return [...seen];
}

let failed = false;
for (const [ui, budget] of Object.entries(budgets)) {
  const dist = path.join(root, ui, 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    console.log(`${ui}: not built (npm run build)`);
    failed = true;
    continue;
  }
  const files = initialFiles(dist, ui === 'admin' ? '/admin/' : '/');
  let raw = 0;
  let gz = 0;
  for (const file of files) {
    const buf = readFileSync(path.join(dist, file));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  const kb = gz / 1024;
  const ok = kb <= budget;
  failed ||= !ok;
  console.log(`${ui}: initial JS ${(raw / 1024).toFixed(1)} KB, gzip ${kb.toFixed(1)} KB in ${files.length} files (budget ${budget} KB: ${ok ? 'met' : 'MISSED'})`);
}
process.exitCode = failed ? 1 : 0;
