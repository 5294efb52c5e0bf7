/**
 * The kernel internals groups' tests reach into (a sealed API key, an ORM of their own). They
 * import them from here, never from core/ directly, so what tests depend on beyond the public
 * API is listed in one place.
 */
export { SecretBox } from '../../core/secrets/secret-box.js';
export { createOrm } from '../../core/db/create-orm.js';
export { ShopScope } from '../../core/tools/shop-scope.js';
export { NetworkGuard } from '../../core/net/network-guard.js';
