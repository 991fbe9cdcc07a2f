/**
 * A console list filtered the way react-admin reads its URL: `/students?filter={"active":false}`
 * (JSON, URL-encoded). The list hands the filter to the data provider as find_by_criteria criteria.
 */
export function listLink(resource: string, filter: Record<string, unknown> = {}): string {
  if (!Object.keys(filter).length) return `/${resource}`;
  return `/${resource}?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`;
}

/** YYYY-MM-DD of the local day `days` ago (criteria dates are calendar dates). */
export function daysAgo(days: number, now: Date = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
