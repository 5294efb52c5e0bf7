/**
 * Reads by key that run one at a time, each for every key asked while the one before ran: a caller
 * always waits for a read that starts after it asked (so it sees every change committed before),
 * and the callers of a burst share it — one statement for a burst of webhook requests, not one each.
 */
export function batchedRead<K, V>(read: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  let next: { keys: Set<K>; found: Promise<Map<K, V>> } | undefined;
  let previous: Promise<unknown> = Promise.resolve();
  return (key) => {
    if (!next) {
      const keys = new Set<K>();
      const found = previous.then(() => {
        // From here on, a caller waits for the read after this one.
        next = undefined;
        return read([...keys]);
      });
      next = { keys, found };
      previous = found.catch(() => undefined);
    }
    next.keys.add(key);
    return next.found.then((rows) => rows.get(key));
  };
}
