import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

export const FIELD_TYPES = ['text', 'number', 'boolean', 'date', 'select', 'email', 'url'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/**
 * A typed custom field of the shop's CRM records: once defined, every value written under its key
 * is checked against it (keys without a definition stay free-form). `showToAi` says whether the
 * assistant may see the value.
 */
export const CrmFieldDefinition = defineEntity({
  name: 'CrmFieldDefinition',
  tableName: 'crm_field_definitions',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    key: p.string().length(64),
    label: p.string().length(120),
    type: p.enum([...FIELD_TYPES]),
    options: p.json<string[]>(),
    required: p.boolean(),
    description: p.text().nullable(),
    showToAi: p.boolean(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['shopId', 'key'] }],
});
export type CrmFieldDefinition = InferEntity<typeof CrmFieldDefinition>;
