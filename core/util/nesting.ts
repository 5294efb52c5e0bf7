/**
 * How deep a request's JSON may nest: tool arguments, and the rest of a message's params. The
 * deepest argument a tool takes (a workflow's conditions, a custom function's parameter schema)
 * nests about ten levels; a body of 1 MB can nest 500,000, past what any recursive walk (schema
 * validation, text scanning, audit copies, confirmation hashes, JSON.stringify) survives.
 */
export const MAX_NESTING = 32;

interface Level {
  value: object;
  depth: number;
  parent: Level | undefined;
  key: string;
}

/**
 * The path to the first object or array that sits more than `limit` levels deep in `value` (the
 * value itself is level 1), as dot-separated keys and indexes; undefined when none does. Walks
 * with a list of its own instead of recursing, so any depth is measured without exhausting the stack.
 */
export function tooDeepAt(value: unknown, limit: number = MAX_NESTING): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const pending: Level[] = [{ value, depth: 1, parent: undefined, key: '' }];
  for (let level = pending.pop(); level; level = pending.pop()) {
    if (level.depth > limit) return pathOf(level);
    for (const [key, item] of Object.entries(level.value))
      if (typeof item === 'object' && item !== null)
        pending.push({ value: item, depth: level.depth + 1, parent: level, key });
  }
  return undefined;
}

function pathOf(level: Level): string {
  const keys: string[] = [];
  for (let at: Level | undefined = level; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}
