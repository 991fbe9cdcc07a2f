import type { Transaction } from 'sequelize';

/**
 * Archive blocks that belong to other areas (domain rules, Catalogue): a cohort with active
 * enrollments or applications, a product with active applications. The catalogue services ask
 * every registered guard before archiving; the enrollment area registers its checks when it
 * mounts, so the catalogue never imports it. A guard answers the refusal (409 code and message)
 * or null.
 */
export type ArchiveTarget = 'cohort' | 'product' | 'program';
export type ArchiveRefusal = { code: string; message: string };
export type ArchiveGuard = (id: number, transaction: Transaction) => Promise<ArchiveRefusal | null>;

const guards: Record<ArchiveTarget, ArchiveGuard[]> = { cohort: [], product: [], program: [] };

/** Adds a check run before archiving a `target` (idempotent for the same function). */
export function registerArchiveGuard(target: ArchiveTarget, guard: ArchiveGuard): void {
  if (!guards[target].includes(guard)) guards[target].push(guard);
}

/** The first refusal of the registered guards, in registration order, or null. */
export async function archiveRefusal(target: ArchiveTarget, id: number, transaction: Transaction): Promise<ArchiveRefusal | null> {
  for (const guard of guards[target]) {
    const refusal = await guard(id, transaction);
    if (refusal) return refusal;
  }
  return null;
}
