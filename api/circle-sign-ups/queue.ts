/**
 * Writes of one key, one after another within this process: the sign-ups of one group wait here, in
 * order, instead of all polling the database's lock at once (SQLite has one writer, and a hundred
 * transactions polling its lock starve the one holding it; on MariaDB they would wait on the group's
 * row lock). Correctness never rests on this: the group's row lock and the count inside the
 * transaction are what hold the seats across processes.
 */
const tails = new Map<string, Promise<unknown>>();

export function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = tails.get(key) ?? Promise.resolve();
  const run = before.then(work, work);
  const tail = run.catch(() => undefined);
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return run;
}
