import {
  invalidArguments,
  type CreditsService,
  type EntityManager,
  type GroupCatalog,
  type ShopProfileService,
  type ShopRecord,
} from '../../../core/index.js';
import type { AgentsService } from '../../agents/surface.js';
import { AccountProfile } from '../entities/account-profile.entity.js';
import { checkBusinessHours, type BusinessHours, type BusinessHoursInput } from './business-hours.js';
import { checkProfileFields, type ProfileFieldsInput } from './profile-fields.js';

interface AccountCradle {
  em: EntityManager;
  shopProfile: ShopProfileService;
  credits: CreditsService;
  kernelCatalog: GroupCatalog;
  /** Registered only when the agents group is enabled; resolved only after checking that. */
  agentsService: Pick<AgentsService, 'count'>;
}

export interface ProfileUpdateInput extends ProfileFieldsInput {
  business_hours?: BusinessHoursInput | null;
}

/**
 * The shop's own account: plan and usage, profile, credits. The kernel owns the shop row and the
 * ledger (reached through `shopProfile` and `credits`); this group owns the business hours.
 */
export class AccountService {
  constructor(private readonly cradle: AccountCradle) {}

  private get em() {
    return this.cradle.em;
  }

  async status() {
    const shop = await this.cradle.shopProfile.get();
    const inUse = await this.agentsInUse();
    return {
      shop_id: shop.id,
      name: shop.name,
      buy_agents: shop.maxAgents,
      agents_in_use: inUse,
      agents_available: inUse === null ? null : Math.max(shop.maxAgents - inUse, 0),
      credits_balance: shop.creditsBalance,
      enabled_groups: this.cradle.kernelCatalog.names(),
    };
  }

  async profile() {
    return this.toProfile(await this.cradle.shopProfile.get(), await this.businessHours());
  }

  /**
   * Locks the shop row first, so concurrent profile updates of one shop apply one after the other
   * (and the first one to create the account row cannot collide with another).
   */
  async updateProfile(input: ProfileUpdateInput) {
    const { business_hours: hoursInput, ...fields } = input;
    const changes = checkProfileFields(fields);
    const hours = hoursInput === undefined || hoursInput === null ? hoursInput : checkBusinessHours(hoursInput);
    if (Object.keys(changes).length === 0 && hours === undefined) {
      throw invalidArguments('Give at least one field to change.', [
        { path: '(root)', message: 'names no field to change' },
      ]);
    }
    await this.cradle.shopProfile.get({ lock: true });
    const shop = await this.cradle.shopProfile.update(changes);
    if (hours !== undefined) {
      const row = (await this.em.findOne(AccountProfile, {})) ?? this.em.create(AccountProfile, {} as AccountProfile);
      row.businessHours = hours;
      await this.em.flush();
    }
    return this.toProfile(shop, await this.businessHours());
  }

  balance(): Promise<number> {
    return this.cradle.credits.balance();
  }

  async movements(limit: number, offset: number) {
    const { items, total } = await this.cradle.credits.movements(limit, offset);
    return {
      total,
      items: items.map((m) => ({
        id: m.id,
        amount: m.amount,
        balance_after: m.balanceAfter,
        kind: m.kind,
        reason: m.reason,
        reference: m.reference ?? null,
        created_at: m.createdAt.toISOString(),
      })),
    };
  }

  /** null when the agents group is not enabled: account must work without it. */
  private async agentsInUse(): Promise<number | null> {
    if (!this.cradle.kernelCatalog.names().includes('agents')) return null;
    return this.cradle.agentsService.count();
  }

  /** Business hours alone, for shop://profile (which reads the shop row itself). */
  async businessHours(): Promise<BusinessHours | null> {
    return (await this.em.findOne(AccountProfile, {}))?.businessHours ?? null;
  }

  private toProfile(shop: ShopRecord, businessHours: BusinessHours | null) {
    return {
      shop_id: shop.id,
      name: shop.name,
      timezone: shop.timezone,
      locale: shop.locale,
      currency: shop.currency,
      business_hours: businessHours,
    };
  }
}
