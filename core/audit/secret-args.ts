import type { TSchema } from 'typebox';

/** What a secret argument is shown as, wherever arguments are shown. */
export const REDACTED = '[redacted]';

/**
 * The paths of the properties an input schema marks `secret: true` (passwords, API keys, tokens),
 * nested objects included: computed once per tool at boot.
 */
export function secretPaths(schema: TSchema, prefix: readonly string[] = []): string[][] {
  const properties = (schema as { properties?: Record<string, TSchema> }).properties;
  if (!properties) return [];
  return Object.entries(properties).flatMap(([name, property]) =>
    isSecret(property) ? [[...prefix, name]] : secretPaths(property, [...prefix, name]),
  );
}

/** Marked secret itself, or a union with a secret member (a key that may also be null to remove it). */
function isSecret(schema: TSchema): boolean {
  const { secret, anyOf } = schema as { secret?: unknown; anyOf?: TSchema[] };
  return secret === true || (anyOf ?? []).some(isSecret);
}

/** A copy of the arguments with every secret path replaced by REDACTED; the arguments stay as they were. */
export function redactArgs(args: Record<string, unknown>, paths: readonly string[][]): Record<string, unknown> {
  if (paths.length === 0) return args;
  const copy = structuredClone(args);
  for (const path of paths) {
    let node: unknown = copy;
    for (const key of path.slice(0, -1)) node = (node as Record<string, unknown> | undefined)?.[key];
    const last = path[path.length - 1]!;
    if (node && typeof node === 'object' && last in node) (node as Record<string, unknown>)[last] = REDACTED;
  }
  return copy;
}

/** The string values at the secret paths, so text written elsewhere (client log messages) can be scrubbed of them. */
export function secretValues(args: Record<string, unknown>, paths: readonly string[][]): string[] {
  return paths.flatMap((path) => {
    let node: unknown = args;
    for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
    return typeof node === 'string' && node.length > 0 ? [node] : [];
  });
}
