/**
 * A bounded cache of derived values, per isolate: the oldest entry goes when it is full. For work that
 * depends only on stored content, keyed so that a change of the content is a new key (e.g. a row's id and
 * its `updated_at`): a stale entry is never read again and ages out.
 */
export function boundedCache<V>(limit: number): (key: string, compute: () => V) => V {
  const entries = new Map<string, V>();
  return (key, compute) => {
    if (entries.has(key)) return entries.get(key)!;
    const value = compute();
    if (entries.size >= limit) entries.delete(entries.keys().next().value!);
    entries.set(key, value);
    return value;
  };
}
