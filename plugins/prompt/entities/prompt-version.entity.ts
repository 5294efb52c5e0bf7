import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

export const VERSION_SOURCES: ['save', 'restore', 'suggestion'] = ['save', 'restore', 'suggestion'];
export type VersionSource = (typeof VERSION_SOURCES)[number];

/**
 * One saved text of the shop's prompt: the base prompt (surface `all`) or a surface's addition.
 * Versions are append-only: a save or a restore adds one, numbered per shop and surface; the
 * latest is the current text.
 */
export const PromptVersion = defineEntity({
  name: 'PromptVersion',
  tableName: 'prompt_versions',
  uniques: [{ properties: ['shopId', 'surface', 'version'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    surface: p.string().length(40),
    version: p.integer(),
    text: p.text(),
    note: p.string().length(500).nullable(),
    source: p.enum(VERSION_SOURCES),
    restoredFrom: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type PromptVersion = InferEntity<typeof PromptVersion>;
