import { definePlugin } from '../../core/index.js';
import { AccountProfile } from './entities/account-profile.entity.js';
import { AccountInit } from './migrations/0001-init.js';
import { AccountTenantIndexesCovered } from './migrations/0002-tenant-indexes-covered.js';
import { AccountService } from './services/account-service.js';
import { getShopStatus } from './tools/get-shop-status.js';
import { getShopProfile } from './tools/get-shop-profile.js';
import { updateShopProfile } from './tools/update-shop-profile.js';
import { getCreditsBalance } from './tools/get-credits-balance.js';
import { listCreditMovements } from './tools/list-credit-movements.js';
import { accountErrors } from './errors.js';
import { setUpBusinessHours } from './prompts/set-up-business-hours.js';

/**
 * account: the shop's own account — plan and usage, profile (the kernel's shop row plus business
 * hours kept here) and the credits ledger. Depends on no group; counts agents only when the agents
 * group is enabled.
 */
export default definePlugin({
  name: 'account',
  version: '1.0.0',
  description: "The shop's account: plan status (buy_agents), profile and business hours, credits balance and ledger.",
  kernel: '^1.0.0',
  // Reads the agent count for plan status when agents is enabled (checked with kernelCatalog first).
  optionalDependencies: ['agents'],
  entities: [AccountProfile],
  migrations: [
    { name: '0001-init', class: AccountInit },
    { name: '0002-tenant-indexes-covered', class: AccountTenantIndexesCovered },
  ],
  services: { accountService: AccountService },
  errors: accountErrors,
  prompts: [setUpBusinessHours],
  tools: [getShopStatus, getShopProfile, updateShopProfile, getCreditsBalance, listCreditMovements],
  // shop://profile reads its business hours from here.
  profile: async ({ services }) => ({ business_hours: await services.accountService.businessHours() }),
});
