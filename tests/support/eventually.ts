/** Polls until `check` answers something truthy: work the API does after answering (a deposit charged after the commit, a reset email). */
export async function eventually<T>(check: () => Promise<T | null | undefined>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
