import { ToolError } from '../../../core/index.js';
import { StoreError } from './connectors/store-error.js';
import { PLATFORM_NAMES } from './connectors/types.js';

/**
 * A storefront failure as the tool's error: connection_failed when credentials were being checked,
 * store_unavailable for a live lookup. Anything that is not a StoreError passes through unchanged
 * (the guard's url_not_allowed, a ToolError of the service).
 */
export function storeFailure(err: unknown, code: 'connection_failed' | 'store_unavailable'): unknown {
  if (!(err instanceof StoreError)) return err;
  const platform = PLATFORM_NAMES[err.platform];
  const advice: Record<StoreError['kind'], string> = {
    auth: `check the ${platform} credentials`,
    permission: `give the key read access to ${err.resource ?? 'the resource named'}`,
    disabled: `switch the ${platform} API on in the store's back office`,
    unreachable: 'check the store URL and that the store is online',
    throttled: 'try again in a minute',
    bad_response: `check that the URL is the ${platform} store's`,
  };
  return new ToolError(
    code,
    `${platform} ${code === 'connection_failed' ? 'connection failed' : 'lookup failed'}: ${err.message} (${advice[err.kind]}).`,
    {
      platform_type: err.platform,
      reason: err.kind,
      status: err.status,
      ...(err.resource && { resource: err.resource }),
    },
  );
}

/** Runs a storefront call, turning its failure into the tool's error. */
export async function againstStore<T>(
  code: 'connection_failed' | 'store_unavailable',
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw storeFailure(err, code);
  }
}
