/**
 * The permission editor's model: the catalogue (resource → actions) and a role's `permissions` array
 * as the API stores it, with its wildcards: '*' (everything) and 'resource:*' (every action of one
 * resource). Checkbox clicks are applied to the concrete permissions the array grants and the result
 * is written back in canonical form: '*' when every permission is granted, 'resource:*' when every
 * action of a resource is, single 'resource:action' entries otherwise, in catalogue order. Entries the
 * catalogue does not know are kept as they were.
 */

export interface CatalogueEntry {
  resource: string;
  actions: string[];
}
export type Catalogue = CatalogueEntry[];

/**
 * GET /api/roles/permissions answers `[{ resource, actions }]`; a `{ resource: actions }` object is
 * accepted too, so the editor does not care which of the two it gets.
 */
export function normalizeCatalogue(answer: unknown): Catalogue {
  if (Array.isArray(answer)) {
    return answer
      .filter((e): e is CatalogueEntry => Boolean(e) && typeof e.resource === 'string' && Array.isArray(e.actions))
      .map((e) => ({ resource: e.resource, actions: [...e.actions] }));
  }
  if (answer && typeof answer === 'object') {
    return Object.entries(answer as Record<string, unknown>)
      .filter(([, actions]) => Array.isArray(actions))
      .map(([resource, actions]) => ({ resource, actions: [...(actions as string[])] }));
  }
  return [];
}

const key = (resource: string, action: string) => `${resource}:${action}`;

/** Whether `granted` (with wildcards) includes resource:action. */
export function grants(granted: readonly string[], resource: string, action: string): boolean {
  return granted.includes('*') || granted.includes(`${resource}:*`) || granted.includes(key(resource, action));
}

function known(catalogue: Catalogue, permission: string): boolean {
  if (permission === '*') return true;
  const [resource, action] = permission.split(':');
  const entry = catalogue.find((e) => e.resource === resource);
  return Boolean(entry) && (action === '*' || entry!.actions.includes(action));
}

/** The concrete catalogue permissions `granted` gives. */
export function expand(granted: readonly string[], catalogue: Catalogue): Set<string> {
  const out = new Set<string>();
  for (const { resource, actions } of catalogue) for (const action of actions) if (grants(granted, resource, action)) out.add(key(resource, action));
  return out;
}

/** Concrete permissions → the canonical array (see the module comment); `extra` entries are appended. */
export function compress(concrete: ReadonlySet<string>, catalogue: Catalogue, extra: readonly string[] = []): string[] {
  const total = catalogue.reduce((n, e) => n + e.actions.length, 0);
  if (total > 0 && catalogue.every((e) => e.actions.every((a) => concrete.has(key(e.resource, a))))) return ['*'];
  const out: string[] = [];
  for (const { resource, actions } of catalogue) {
    const held = actions.filter((a) => concrete.has(key(resource, a)));
    if (held.length === 0) continue;
    if (held.length === actions.length) out.push(`${resource}:*`);
    else out.push(...held.map((a) => key(resource, a)));
  }
  return [...out, ...extra.filter((p) => !out.includes(p))];
}

function apply(granted: readonly string[], catalogue: Catalogue, change: (concrete: Set<string>) => void): string[] {
  const concrete = expand(granted, catalogue);
  change(concrete);
  const extra = granted.filter((p) => !known(catalogue, p));
  return compress(concrete, catalogue, extra);
}

/** One checkbox: resource × action. */
export function toggleAction(granted: readonly string[], catalogue: Catalogue, resource: string, action: string, checked: boolean): string[] {
  return apply(granted, catalogue, (concrete) => {
    if (checked) concrete.add(key(resource, action));
    else concrete.delete(key(resource, action));
  });
}

/** The "all actions" checkbox of one resource. */
export function toggleResource(granted: readonly string[], catalogue: Catalogue, resource: string, checked: boolean): string[] {
  const entry = catalogue.find((e) => e.resource === resource);
  if (!entry) return [...granted];
  return apply(granted, catalogue, (concrete) => {
    for (const action of entry.actions) {
      if (checked) concrete.add(key(resource, action));
      else concrete.delete(key(resource, action));
    }
  });
}

/** The "everything" checkbox: '*' or nothing (unknown entries kept). */
export function toggleEverything(granted: readonly string[], catalogue: Catalogue, checked: boolean): string[] {
  const extra = granted.filter((p) => p !== '*' && !known(catalogue, p));
  return checked ? ['*'] : extra;
}

/** State of a resource row: every action, some, or none. */
export function resourceState(granted: readonly string[], entry: CatalogueEntry): 'all' | 'some' | 'none' {
  const held = entry.actions.filter((a) => grants(granted, entry.resource, a)).length;
  return held === 0 ? 'none' : held === entry.actions.length ? 'all' : 'some';
}

/** How many concrete catalogue permissions a role grants, and of how many. */
export function countPermissions(granted: readonly string[], catalogue: Catalogue): { granted: number; total: number } {
  return { granted: expand(granted, catalogue).size, total: catalogue.reduce((n, e) => n + e.actions.length, 0) };
}

/** Every action that appears in the catalogue, in first-seen order (the matrix's columns). */
export function actionColumns(catalogue: Catalogue): string[] {
  const columns: string[] = [];
  for (const { actions } of catalogue) for (const a of actions) if (!columns.includes(a)) columns.push(a);
  return columns;
}
