import { renderErrorsBlock } from './render-errors-section.js';

/**
 * The files of a new tool group: a working group with one record (an item with a title), a tool
 * that creates it and one that reads it, a passing test and an isolation fixture — the standard
 * shape of docs/plugins.md, ready to grow into the real thing.
 */
export interface GroupNames {
  /** snake_case group name, as in config: `loyalty_points`. */
  group: string;
  /** kebab-case, for file names: `loyalty-points`. */
  kebab: string;
  /** PascalCase, for classes and entities: `LoyaltyPoints`. */
  pascal: string;
  /** camelCase, for the service name: `loyaltyPoints`. */
  camel: string;
}

/** Import paths from the new folder to the kernel's public API and the test helpers. */
export interface ImportPaths {
  core: string;
  boot: string;
  isolation: string;
}

export function groupNames(group: string): GroupNames {
  const words = group.split('_');
  const pascal = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return { group, kebab: words.join('-'), pascal, camel: pascal[0]!.toLowerCase() + pascal.slice(1) };
}

/** path (relative to the group folder) → content. */
export function pluginFiles(n: GroupNames, paths: ImportPaths): Record<string, string> {
  const item = `${n.group}_item`;
  const table = `${n.group}_items`;
  const entity = `${n.pascal}Item`;
  const service = `${n.camel}Service`;
  const createTool = `create_${item}`;
  const getTool = `get_${item}`;
  const createConst = `create${n.pascal}Item`;
  const getConst = `get${n.pascal}Item`;
  const up = (depth: number, path: string) => '../'.repeat(depth) + path;
  const errorsConst = `${n.camel}Errors`;
  const errors = { not_found: { when: 'Unknown item_id, also another shop’s.', data: { resource: '"item"' } } };

  return {
    'index.ts': `import { definePlugin } from '${up(0, paths.core)}';
import { ${entity} } from './entities/${n.kebab}-item.entity.js';
import { ${n.pascal}Init } from './migrations/0001-init.js';
import { ${n.pascal}Service } from './services/${n.kebab}-service.js';
import { ${createConst} } from './tools/create-${n.kebab}-item.js';
import { ${getConst} } from './tools/get-${n.kebab}-item.js';
import { ${errorsConst} } from './errors.js';

/** ${n.group}: items with a title, created and read by id. */
export default definePlugin({
  name: '${n.group}',
  version: '0.1.0',
  description: 'Items with a title: create one, get it by id.',
  kernel: '^1.0.0',
  entities: [${entity}],
  migrations: [{ name: '0001-init', class: ${n.pascal}Init }],
  services: { ${service}: ${n.pascal}Service },
  errors: ${errorsConst},
  tools: [${createConst}, ${getConst}],
});
`,

    'surface.ts': `/** The ${n.group} group as other groups see it: its services and events. Types only. */
import type { ${n.pascal}Service } from './services/${n.kebab}-service.js';

export type { ${n.pascal}Service };

declare module '${up(0, paths.core)}' {
  interface GroupServices {
    ${service}: ${n.pascal}Service;
  }
  // interface EventMap { '${n.group}.item_created': { item_id: number } } — declare what the group emits.
}
`,

    'define.ts': `import { defineGroup } from '${up(0, paths.core)}';

/** The define functions of ${n.group}, typed with its config (none yet: defineGroup<MyConfig>()). */
export const { defineTool, defineJob } = defineGroup();
`,

    'errors.ts': `import { defineErrors, notFoundEntry } from '${up(0, paths.core)}';

/** ${n.group}'s error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const ${errorsConst} = defineErrors({
  not_found: notFoundEntry('Unknown item_id, also another shop’s.', '"item"'),
});
`,

    'README.md': `# ${n.group}

Items with a title: create one, get it by id. (Describe here what the group does and for whom.)

## Records

Item: \`{ id, title, created_at }\` — \`created_at\` is ISO 8601 UTC.

## Tools

### \`${createTool}\` (mutation)
\`title\`* (1–200 characters) → \`{ item }\`.

### \`${getTool}\` (query)
\`item_id\`* → \`{ item }\`.

## Error codes

${renderErrorsBlock(errors)}

## Config, jobs, events

None yet.

## Decisions

Record here every choice the spec leaves "not shown" (statuses, payload shapes, error codes).
`,

    [`entities/${n.kebab}-item.entity.ts`]: `import { defineEntity, p, tenantColumn, type InferEntity } from '${up(1, paths.core)}';

/** An item of one shop: tenantColumn() scopes it, so other shops never see it. */
export const ${entity} = defineEntity({
  name: '${entity}',
  tableName: '${table}',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    title: p.string().length(200),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type ${entity} = InferEntity<typeof ${entity}>;
`,

    'migrations/0001-init.ts': `import { Migration } from '${up(1, paths.core)}';

/** Must create exactly what the entities declare (generate it with orm.schema.getCreateSchemaSQL). */
export class ${n.pascal}Init extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      \`create table "${table}" ("id" serial primary key, "shop_id" int not null, "title" varchar(200) not null, "created_at" timestamptz not null);\`,
    );
    this.addSql(\`create index "${table}_shop_id_index" on "${table}" ("shop_id");\`);
  }
}
`,

    [`services/${n.kebab}-service.ts`]: `import { notFound, type EntityManager } from '${up(1, paths.core)}';
import { ${entity} } from '../entities/${n.kebab}-item.entity.js';
import type { ItemPayload } from '../tools/outputs.js';

const toPayload = (item: ${entity}): ItemPayload => ({
  id: item.id,
  title: item.title,
  created_at: item.createdAt.toISOString(),
});

/** The group's business logic; the EntityManager is the call's, already scoped to its shop. */
export class ${n.pascal}Service {
  private readonly em: EntityManager;

  constructor({ em }: { em: EntityManager }) {
    this.em = em;
  }

  async create(title: string) {
    const item = this.em.create(${entity}, { title } as ${entity});
    await this.em.flush();
    return toPayload(item);
  }

  async get(id: number) {
    const item = await this.em.findOne(${entity}, { id });
    if (!item) throw notFound('item', id);
    return toPayload(item);
  }
}
`,

    'tools/outputs.ts': `import { DateTime, Type, type Static } from '${up(1, paths.core)}';

/** An item as the tools show it; the service's toPayload is typed from it, so the two cannot drift. */
export const ItemOutput = Type.Object(
  { id: Type.Integer(), title: Type.String(), created_at: DateTime() },
  { additionalProperties: false },
);
export type ItemPayload = Static<typeof ItemOutput>;

export const ItemResult = Type.Object({ item: ItemOutput });
`,

    [`tools/create-${n.kebab}-item.ts`]: `import { Type } from '${up(1, paths.core)}';
import { defineTool } from '../define.js';
import { ItemResult } from './outputs.js';

export const ${createConst} = defineTool({
  name: '${createTool}',
  title: 'Create ${n.group.replace(/_/g, ' ')} item',
  description: 'Creates an item with a title.',
  kind: 'mutation',
  // All four MCP hints, stated: it only adds (not destructive), a repeat adds another (not idempotent).
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({ title: Type.String({ minLength: 1, maxLength: 200 }) }),
  output: ItemResult,
  handler: async ({ title }, { services }) => ({ item: await services.${service}.create(title) }),
});
`,

    [`tools/get-${n.kebab}-item.ts`]: `import { Type } from '${up(1, paths.core)}';
import { defineTool } from '../define.js';
import { ItemResult } from './outputs.js';

export const ${getConst} = defineTool({
  name: '${getTool}',
  title: 'Get ${n.group.replace(/_/g, ' ')} item',
  description: 'One item by id.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ item_id: Type.Integer({ minimum: 1 }) }),
  output: ItemResult,
  handler: async ({ item_id }, { services }) => ({ item: await services.${service}.get(item_id) }),
});
`,

    [`test/${n.kebab}.test.ts`]: `import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { bootKernel, type TestKernel } from '${up(1, paths.boot)}';

describe('${n.group} group', () => {
  let k: TestKernel;
  let shop: { shopId: number; token: string };

  before(async () => {
    // Enabled by path, so this test runs wherever the folder lives; add dependencies to groups.
    const resolve = fileURLToPath(new URL('../index.ts', import.meta.url));
    k = await bootKernel({ groups: [], overrides: { groups: { ${n.group}: { enabled: true, resolve } } } });
    shop = await k.newShop('${n.group} test shop');
  });
  after(async () => {
    await k?.close();
  });

  it('creates an item and gets it back by id', async () => {
    const created = await k.call(shop.token, '${createTool}', { title: 'First' });
    expect(created.payload.success, JSON.stringify(created.payload)).to.equal(true);
    expect(created.payload.item).to.include({ title: 'First' });
    const got = await k.call(shop.token, '${getTool}', { item_id: created.payload.item.id });
    expect(got.payload).to.deep.equal({ success: true, item: created.payload.item });
  });

  it('answers not_found for an id the shop does not have', async () => {
    const { payload, isError } = await k.call(shop.token, '${getTool}', { item_id: 999_999 });
    expect(isError).to.equal(true);
    expect(payload).to.include({ success: false, error_code: 'not_found' });
  });

  it('rejects an empty title, naming the field', async () => {
    const { payload } = await k.call(shop.token, '${createTool}', { title: '' });
    expect(payload.error_code).to.equal('invalid_arguments');
    expect(payload.errors.map((e: { path: string }) => e.path)).to.deep.equal(['title']);
  });
});
`,

    'test/isolation.fixture.ts': `import type { IsolationFixture } from '${up(1, paths.isolation)}';

/** Shop B aims every tool that takes an id at shop A's item: not_found, and A's item unchanged. */
const fixture: IsolationFixture = {
  groups: ['${n.group}'],
  seed: async (callAsA) => ({ itemId: (await callAsA('${createTool}', { title: 'Shop A item' })).item.id }),
  probes: (seed) => [{ tool: '${getTool}', args: { item_id: seed.itemId }, expect: 'not_found' }],
  snapshot: async (callAsA, seed) => (await callAsA('${getTool}', { item_id: seed.itemId })).item,
  exempt: {},
};

export default fixture;
`,
  };
}
