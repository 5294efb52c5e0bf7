import {
  containsPattern,
  invalidArguments,
  invalidState,
  notFound,
  ToolError,
  type EntityManager,
  type Paging,
  type ScopedEvents,
  type ShopContext,
} from '../../../core/index.js';
import type { CustomersDeleted, CustomersMerged, CustomersService } from '../../customers/surface.js';
import { CrmCustomer } from '../entities/crm-customer.entity.js';
import type { CrmFieldDefinitionsService } from './field-definitions-service.js';
import {
  CRM_STAGES,
  DEFAULT_STAGE,
  patchCustomFields,
  whatsappNumber,
  type CrmStage,
  type CustomFieldValue,
} from './crm-fields.js';

interface Deps {
  em: EntityManager;
  shop: ShopContext;
  customersService: Pick<CustomersService, 'ensureByPhone'>;
  events: ScopedEvents;
  crmFieldDefinitions: CrmFieldDefinitionsService;
}

export interface CrmUpdate {
  name?: string | null;
  email?: string | null;
  company?: string | null;
  notes?: string | null;
  custom_fields?: Record<string, CustomFieldValue | null>;
}

/** Blank text clears a field like null does: an empty company is no company. */
const text = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);

/** The shop's CRM contacts, each the CRM side of one customer record. */
export class CrmCustomersService {
  // Kept, not destructured: customersService is resolved only when a call needs it.
  constructor(private readonly deps: Deps) {}

  private get em() {
    return this.deps.em;
  }

  /** Makes (or finds) the customer with the number, and its CRM record; a number already in the CRM is a conflict. */
  async create(rawNumber: string): Promise<CrmCustomer> {
    const number = whatsappNumber(rawNumber);
    const existing = await this.em.findOne(CrmCustomer, { whatsappNumber: number });
    if (existing) {
      throw new ToolError('conflict', `${number} is already in the CRM (crm_customer_id ${existing.id}).`, {
        field: 'whatsapp_number',
        crm_customer_id: existing.id,
      });
    }
    const customer = await this.deps.customersService.ensureByPhone(number);
    const crm = this.em.create(CrmCustomer, {
      customerId: customer.id,
      whatsappNumber: number,
      name: customer.name ?? null,
      email: customer.email ?? null,
      company: null,
      notes: null,
      stage: DEFAULT_STAGE,
      customFields: {},
    } as CrmCustomer);
    await this.em.flush();
    return crm;
  }

  /** The numbers of the CRM records with each of these addresses (compared in lower case), for mail senders (the email group). */
  async numbersByEmail(emails: string[]): Promise<Map<string, string[]>> {
    const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
    const found = new Map<string, string[]>();
    if (wanted.length === 0) return found;
    const rows = await this.em.execute<{ email: string; whatsapp_number: string }[]>(
      `select distinct lower(email) as email, whatsapp_number from crm_customers
       where shop_id = ? and lower(email) in (select json_array_elements_text(?::json)) order by whatsapp_number`,
      [this.deps.shop.id, JSON.stringify(wanted)],
    );
    for (const row of rows) found.set(row.email, [...(found.get(row.email) ?? []), row.whatsapp_number]);
    return found;
  }

  async get(id: number): Promise<CrmCustomer> {
    const crm = await this.em.findOne(CrmCustomer, { id });
    if (!crm) throw notFound('crm customer', id);
    return crm;
  }

  async getByNumber(rawNumber: string): Promise<CrmCustomer> {
    const number = whatsappNumber(rawNumber);
    const crm = await this.em.findOne(CrmCustomer, { whatsappNumber: number });
    if (!crm) throw notFound('crm customer', number);
    return crm;
  }

  /** Newest first. `query` matches name, email, company, or the number's digits. */
  async list(filters: { stage?: CrmStage; query?: string }, paging: Paging) {
    const query = filters.query?.trim();
    const digits = query?.replace(/\D/g, '') ?? '';
    const where = {
      ...(filters.stage && { stage: filters.stage }),
      ...(query && {
        $or: [
          { name: { $ilike: containsPattern(query) } },
          { email: { $ilike: containsPattern(query) } },
          { company: { $ilike: containsPattern(query) } },
          ...(digits.length >= 3 ? [{ whatsappNumber: { $like: `%${digits}%` } }] : []),
        ],
      }),
    };
    const [items, total] = await this.em.findAndCount(CrmCustomer, where, {
      orderBy: { id: 'desc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return { items, total };
  }

  async update(id: number, input: CrmUpdate): Promise<CrmCustomer> {
    if (Object.values(input).every((v) => v === undefined)) {
      throw invalidArguments('Give at least one field to change.', [
        { path: '(root)', message: 'names no field to change' },
      ]);
    }
    const crm = await this.get(id);
    const fields = {
      name: text(input.name),
      email: text(input.email),
      company: text(input.company),
      notes: text(input.notes),
    };
    for (const [key, value] of Object.entries(fields))
      if (value !== undefined) (crm as Record<string, unknown>)[key] = value;
    if (input.custom_fields) {
      await this.deps.crmFieldDefinitions.check(input.custom_fields);
      crm.customFields = patchCustomFields(crm.customFields, input.custom_fields);
    }
    await this.em.flush();
    return crm;
  }

  /** Any stage to any other; moving to the stage it is in is refused, so a stale view is noticed. */
  async moveStage(id: number, stage: CrmStage): Promise<{ crm: CrmCustomer; previous: CrmStage }> {
    const crm = await this.get(id);
    const previous = crm.stage;
    if (previous === stage) {
      throw invalidState(`crm customer ${id} is already in stage "${stage}".`, {
        current_status: previous,
        allowed: CRM_STAGES.filter((s) => s !== stage),
      });
    }
    crm.stage = stage;
    crm.stageChangedAt = new Date();
    await this.em.flush();
    await this.deps.events.emit('crm.stage_changed', {
      crm_customer_id: crm.id,
      customer_id: crm.customerId ?? null,
      whatsapp_number: crm.whatsappNumber,
      stage,
      previous_stage: previous,
      changed_at: crm.stageChangedAt.toISOString(),
    });
    return { crm, previous };
  }

  /** Deletes the CRM record only; the customer record stays. */
  async delete(id: number) {
    const crm = await this.get(id);
    this.em.remove(crm);
    await this.em.flush();
    return { deleted: true, id };
  }

  /**
   * customers.merged: the secondary's CRM record follows the customer. When the primary has none,
   * the record moves over (and takes the primary's number); when both have one, the primary's
   * keeps its values and stage and takes the secondary's where it has none, and the secondary's
   * record goes. Runs in the merge's transaction.
   */
  async followMerge(event: CustomersMerged): Promise<void> {
    const secondary = await this.em.findOne(CrmCustomer, { customerId: event.secondary_id });
    if (!secondary) return;
    const primary = await this.em.findOne(CrmCustomer, { customerId: event.primary_id });
    if (!primary) {
      secondary.customerId = event.primary_id;
      secondary.whatsappNumber = event.primary_phone;
      await this.em.flush();
      return;
    }
    this.em.remove(secondary);
    primary.name ??= secondary.name;
    primary.email ??= secondary.email;
    primary.company ??= secondary.company;
    primary.notes = [primary.notes, secondary.notes].filter(Boolean).join('\n\n') || null;
    primary.customFields = { ...secondary.customFields, ...primary.customFields };
    await this.em.flush();
  }

  /** customers.deleted: like other groups' records, the CRM record stays, unlinked (customer_id null). */
  async followDeletion(event: CustomersDeleted): Promise<void> {
    await this.em.nativeUpdate(CrmCustomer, { customerId: event.customer_id }, { customerId: null });
  }

  toPayload(crm: CrmCustomer) {
    return {
      id: crm.id,
      customer_id: crm.customerId ?? null,
      whatsapp_number: crm.whatsappNumber,
      name: crm.name ?? null,
      email: crm.email ?? null,
      company: crm.company ?? null,
      notes: crm.notes ?? null,
      stage: crm.stage,
      stage_changed_at: crm.stageChangedAt.toISOString(),
      custom_fields: crm.customFields,
      created_at: crm.createdAt.toISOString(),
      updated_at: crm.updatedAt.toISOString(),
    };
  }
}
