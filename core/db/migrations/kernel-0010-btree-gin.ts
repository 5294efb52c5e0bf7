import { Migration } from '../migration.js';

/**
 * btree_gin lets one GIN index hold a shop and a full-text vector together, so a group's search
 * finds the shop's matching rows in the index alone (PostgreSQL ships it in contrib; the embedded
 * engine loads it).
 */
export class KernelBtreeGin extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists "btree_gin";`);
  }
}
