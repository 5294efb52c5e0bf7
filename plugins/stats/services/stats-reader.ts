import type { EntityManager, Services } from '../../../core/index.js';

/** What every stats service reads with: the call's EntityManager, the calling shop, which groups are on. */
export abstract class StatsReader {
  constructor(protected readonly deps: Services) {}

  protected get em(): EntityManager {
    return this.deps.em;
  }

  protected get shopId(): number {
    return this.deps.shop.id;
  }

  protected has(group: string): boolean {
    return this.deps.kernelCatalog.names().includes(group);
  }
}
