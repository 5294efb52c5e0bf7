import type { MigrationObject } from '@mikro-orm/core';
import { Shop } from '../tenancy/shop.entity.js';
import { CreditMovement } from '../credits/credit-movement.entity.js';
import { PendingConfirmation } from '../confirmation/pending-confirmation.entity.js';
import { JobRun } from '../jobs/job-run.entity.js';
import { KernelInit } from './migrations/kernel-0001-init.js';

export const kernelEntities = [Shop, CreditMovement, PendingConfirmation, JobRun];

export const kernelMigrations: MigrationObject[] = [{ name: 'kernel/0001-init', class: KernelInit }];
