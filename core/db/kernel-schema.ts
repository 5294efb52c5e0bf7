import type { MigrationObject } from '@mikro-orm/core';
import { Shop } from '../tenancy/shop.entity.js';
import { CreditMovement } from '../credits/credit-movement.entity.js';
import { PendingConfirmation } from '../confirmation/pending-confirmation.entity.js';
import { JobRun } from '../jobs/job-run.entity.js';
import { OutboxMessage } from '../outbox/outbox-message.entity.js';
import { ApiToken } from '../auth/api-token.entity.js';
import { McpSubscription } from '../resources/mcp-subscription.entity.js';
import { KernelInit } from './migrations/kernel-0001-init.js';
import { KernelShopAnnounced } from './migrations/kernel-0002-shop-announced.js';
import { KernelTextSearch } from './migrations/kernel-0003-text-search.js';
import { KernelOutbox } from './migrations/kernel-0004-outbox.js';
import { KernelMcpLogLevel } from './migrations/kernel-0005-mcp-log-level.js';
import { KernelOperations } from './migrations/kernel-0006-operations.js';
import { KernelApiTokens } from './migrations/kernel-0007-api-tokens.js';
import { KernelCreditKinds } from './migrations/kernel-0008-credit-kinds.js';
import { KernelLedgerByTime } from './migrations/kernel-0009-ledger-by-time.js';
import { KernelBtreeGin } from './migrations/kernel-0010-btree-gin.js';
import { KernelMcpSubscriptions } from './migrations/kernel-0011-mcp-subscriptions.js';
import { KernelTenantIndexesCovered } from './migrations/kernel-0012-tenant-indexes-covered.js';

export const kernelEntities = [
  Shop,
  CreditMovement,
  PendingConfirmation,
  JobRun,
  OutboxMessage,
  ApiToken,
  McpSubscription,
];

export const kernelMigrations: MigrationObject[] = [
  { name: 'kernel/0001-init', class: KernelInit },
  { name: 'kernel/0002-shop-announced', class: KernelShopAnnounced },
  { name: 'kernel/0003-text-search', class: KernelTextSearch },
  { name: 'kernel/0004-outbox', class: KernelOutbox },
  { name: 'kernel/0005-mcp-log-level', class: KernelMcpLogLevel },
  { name: 'kernel/0006-operations', class: KernelOperations },
  { name: 'kernel/0007-api-tokens', class: KernelApiTokens },
  { name: 'kernel/0008-credit-kinds', class: KernelCreditKinds },
  { name: 'kernel/0009-ledger-by-time', class: KernelLedgerByTime },
  { name: 'kernel/0010-btree-gin', class: KernelBtreeGin },
  { name: 'kernel/0011-mcp-subscriptions', class: KernelMcpSubscriptions },
  { name: 'kernel/0012-tenant-indexes-covered', class: KernelTenantIndexesCovered },
];
