import type { PlatformType } from './types.js';

/**
 * auth: the credentials were refused. permission: they are good but may not read a resource.
 * disabled: the store's API is switched off (PrestaShop's webservice). unreachable: no answer.
 * throttled: still limited after the waits. bad_response: an answer the client cannot read.
 */
export type StoreErrorKind = 'auth' | 'permission' | 'disabled' | 'unreachable' | 'throttled' | 'bad_response';

/** A storefront call that failed, said in the platform's terms; the services turn it into a ToolError. */
export class StoreError extends Error {
  constructor(
    readonly platform: PlatformType,
    readonly kind: StoreErrorKind,
    message: string,
    readonly status: number | null = null,
    readonly resource: string | null = null,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}
