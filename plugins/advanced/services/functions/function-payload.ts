import type { CustomFunction } from '../../entities/custom-function.entity.js';

/** A function as the tools show it: header names with their values masked, never the secret. */
export function functionPayload(fn: CustomFunction) {
  return {
    id: fn.id,
    name: fn.name,
    description: fn.description,
    parameters: fn.parameters,
    url: fn.url,
    method: fn.method,
    headers: Object.fromEntries(fn.headerNames.map((name) => [name, '••••'])),
    timeout_seconds: fn.timeoutSeconds,
    surfaces: fn.surfaces,
    side_effects: fn.sideEffects,
    response_max_chars: fn.responseMaxChars,
    is_enabled: fn.isEnabled,
    created_at: fn.createdAt.toISOString(),
    updated_at: fn.updatedAt.toISOString(),
  };
}
