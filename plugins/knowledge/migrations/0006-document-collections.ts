import { Migration } from '../../../core/index.js';

/**
 * A document may belong to a collection (a document Q&A assistant's files): such documents are
 * searched only when a search names their collection, never by the shop's assistant at large.
 */
export class KnowledgeDocumentCollections extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "knowledge_documents" add column "collection" varchar(40) null;`);
    this.addSql(
      `create index "knowledge_documents_collection_index" on "knowledge_documents" ("shop_id", "collection") where "collection" is not null;`,
    );
  }
}
