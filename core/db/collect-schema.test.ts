import { expect } from 'chai';
import { defineEntity, p } from '@mikro-orm/postgresql';
import { definePlugin } from '../plugin/define.js';
import { tenantColumn } from '../tenancy/tenant-column.js';
import { collectSchema } from './collect-schema.js';

type Keys = { properties: ('shopId' | 'code' | 'at')[] }[];
const tenantEntity = (name: string, extra: { indexes?: Keys; uniques?: Keys }) =>
  defineEntity({
    name,
    tableName: name.toLowerCase(),
    properties: { id: p.integer().primary(), shopId: tenantColumn(), code: p.string(), at: p.datetime() },
    ...extra,
  });

const shopIndexOf = (entity: ReturnType<typeof tenantEntity>) =>
  (entity.meta.properties as unknown as Record<string, { index?: unknown }>).shopId!.index;

describe('collectSchema: the tenant column’s own index', () => {
  const byShopAndCode = tenantEntity('ByShopAndCode', { uniques: [{ properties: ['shopId', 'code'] }] });
  const byShopAndTime = tenantEntity('ByShopAndTime', { indexes: [{ properties: ['shopId', 'at'] }] });
  const byCodeAndShop = tenantEntity('ByCodeAndShop', { indexes: [{ properties: ['code', 'shopId'] }] });
  const plain = tenantEntity('Plain', {});

  before(() => {
    collectSchema([
      {
        plugin: definePlugin({
          name: 'fx_tenant_indexes',
          version: '1.0.0',
          description: 'Entities with and without an index that leads with shopId.',
          kernel: '^1.0.0',
          entities: [byShopAndCode, byShopAndTime, byCodeAndShop, plain],
        }),
        config: {},
      },
    ]);
  });

  it('is left out where a unique constraint or an index of the entity leads with shopId', () => {
    expect(shopIndexOf(byShopAndCode)).to.equal(false);
    expect(shopIndexOf(byShopAndTime)).to.equal(false);
  });

  it('is kept where no index leads with shopId, even one that holds it further along', () => {
    expect(shopIndexOf(byCodeAndShop)).to.equal(true);
    expect(shopIndexOf(plain)).to.equal(true);
  });
});
