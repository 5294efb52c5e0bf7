/**
 * A table that only grows, and when its rows may go. The kernel's retention job deletes rows whose
 * `column` is older than `days` (and that match `where`), oldest first by the table's primary key
 * (read from the entity that maps the table), in bounded batches.
 */
export interface RetentionRule<Config = unknown> {
  table: string;
  /** A timestamp column of the table. */
  column: string;
  /** Extra SQL condition without parameters that keeps rows still in use (`"state" <> 'pending'`). */
  where?: string;
  /** The retention period, from the owning group's config (or the kernel's). */
  days: (config: Readonly<Config>) => number;
  /**
   * Where a shop sets its own period: a column of a per-shop settings table (one row per
   * `shop_id`). Rows of a shop without a setting keep `days`.
   */
  shopDays?: { table: string; column: string };
}
