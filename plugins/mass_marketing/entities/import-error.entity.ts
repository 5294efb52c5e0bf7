import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { ContactImport } from './contact-import.entity.js';

/** A row an import could not take: its line in the source, the value as given, and why. */
export const ImportError = defineEntity({
  name: 'ImportError',
  tableName: 'marketing_import_errors',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    import: () => p.manyToOne(ContactImport).deleteRule('cascade'),
    line: p.integer(),
    value: p.string().length(200),
    code: p.string().length(40),
    reason: p.string().length(200),
  },
  indexes: [{ properties: ['import', 'line'] }],
});

export type ImportError = InferEntity<typeof ImportError>;
