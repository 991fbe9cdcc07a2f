import type { GetModuleInfo } from 'rolldown';

type ManualChunkMeta = { getModuleInfo: GetModuleInfo };

/**
 * The console's and the portal's `manualChunks`: one `vendor` chunk for the libraries the app's first
 * screen stands on — the node_modules reachable from the entry by static imports (React, react-admin,
 * MUI, emotion, the router…). A first visit then fetches them in one request instead of ~60 small
 * library chunks queued six at a time behind HTTP/1.1's connection limit (docs/benchmarks.md).
 * A library only some screens load lazily (the circles' calendar, cron descriptions, charts) stays
 * out of it: it comes with the screen that imports it, never on the first visit.
 */
export function vendorChunk() {
  const reached = new Set<string>();
  return (id: string, { getModuleInfo }: ManualChunkMeta): string | undefined => {
    if (!id.includes('/node_modules/')) return undefined;
    return staticallyReachable(id, getModuleInfo, reached) ? 'vendor' : undefined;
  };
}

/**
 * Whether an entry reaches `id` through static imports only: a walk up its importers (never its
 * dynamic importers) to an entry or to a module already known to be reached (`reached` keeps those).
 */
function staticallyReachable(id: string, getModuleInfo: ManualChunkMeta['getModuleInfo'], reached: Set<string>): boolean {
  const seen = new Set<string>([id]);
  const queue = [id];
  while (queue.length) {
    const info = getModuleInfo(queue.pop()!);
    if (!info) continue;
    if (info.isEntry || reached.has(info.id)) {
      reached.add(id);
      return true;
    }
    for (const importer of info.importers) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  return false;
}
