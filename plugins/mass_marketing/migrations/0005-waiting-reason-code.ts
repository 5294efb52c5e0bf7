import { Migration } from '../../../core/index.js';

/**
 * A campaign waiting for a line now says session_not_connected, the one code whatsapp_ops answers
 * for "no usable line" (no_connected_session was its synonym).
 */
export class MassMarketingWaitingReasonCode extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `update "marketing_campaigns" set "waiting_reason" = 'session_not_connected' where "waiting_reason" = 'no_connected_session';`,
    );
  }
}
