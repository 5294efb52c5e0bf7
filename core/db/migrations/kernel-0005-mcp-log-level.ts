import { Migration } from '../migration.js';

/** The minimum level of the MCP log messages a shop's client hears (logging/setLevel). */
export class KernelMcpLogLevel extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "shops" add column "mcp_log_level" varchar(16) not null default 'info';`);
    this.addSql(`alter table "shops" alter column "mcp_log_level" drop default;`);
  }
}
