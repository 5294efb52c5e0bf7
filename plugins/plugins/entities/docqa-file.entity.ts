import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** A file of a document Q&A assistant: the knowledge document that holds its text and chunks. */
export const DocqaFile = defineEntity({
  name: 'DocqaFile',
  tableName: 'widget_docqa_files',
  indexes: [{ properties: ['assistantId'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    assistantId: p.integer(),
    documentId: p.integer(),
    /** The storage group's file, when the text came from one. */
    fileId: p.integer().nullable(),
    name: p.string().length(200),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type DocqaFile = InferEntity<typeof DocqaFile>;
