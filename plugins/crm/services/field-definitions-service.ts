import {
  csvRow,
  invalidArguments,
  notFound,
  sql,
  ToolError,
  type EntityManager,
  type ShopContext,
} from '../../../core/index.js';
import { CrmFieldDefinition, type FieldType } from '../entities/crm-field-definition.entity.js';
import { FIELD_NAME, type CrmStage, type CustomFieldValue } from './crm-fields.js';
import type { CrmCustomersService } from './crm-customers-service.js';

const MAX_DEFINITIONS = 50;
const EXPORT_LIMIT = 5_000;
const BASE_COLUMNS = [
  'id',
  'whatsapp_number',
  'name',
  'email',
  'company',
  'stage',
  'created_at',
  'updated_at',
] as const;

export interface DefinitionInput {
  key: string;
  label: string;
  type: FieldType;
  options?: string[];
  required?: boolean;
  description?: string | null;
  show_to_ai?: boolean;
}

export type DefinitionChanges = Partial<
  Pick<DefinitionInput, 'label' | 'type' | 'options' | 'required' | 'description' | 'show_to_ai'>
>;

interface Deps {
  em: EntityManager;
  shop: ShopContext;
  crmCustomersService: CrmCustomersService;
}

/** A value as a definition accepts it, or why not. */
function valueProblem(def: CrmFieldDefinition, value: CustomFieldValue): string | null {
  switch (def.type) {
    case 'text':
      return typeof value === 'string' ? null : 'must be text';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'date': {
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'must be a date YYYY-MM-DD';
      const d = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value) ? null : 'is not a real date';
    }
    case 'select':
      return typeof value === 'string' && def.options.includes(value)
        ? null
        : `must be one of ${def.options.join(', ')}`;
    case 'email':
      return typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : 'must be an email address';
    case 'url':
      try {
        return typeof value === 'string' && ['http:', 'https:'].includes(new URL(value).protocol)
          ? null
          : 'must be an http(s) URL';
      } catch {
        return 'must be an http(s) URL';
      }
  }
}

/**
 * The shop's custom-field definitions for CRM records (the advanced group's tools manage them):
 * checked on every write of custom_fields, and the CSV export with a column per field.
 */
export class CrmFieldDefinitionsService {
  constructor(private readonly deps: Deps) {}

  list(): Promise<CrmFieldDefinition[]> {
    return this.deps.em.find(CrmFieldDefinition, { shopId: this.deps.shop.id }, { orderBy: { id: 'asc' } });
  }

  async create(input: DefinitionInput): Promise<CrmFieldDefinition> {
    const { em, shop } = this.deps;
    if (!FIELD_NAME.test(input.key))
      throw invalidArguments(`key "${input.key}" is not a valid custom field name.`, [
        { path: 'key', message: '1-64 letters, digits, space, _ . -; starting with a letter or digit' },
      ]);
    const count = await em.count(CrmFieldDefinition, { shopId: shop.id });
    if (count >= MAX_DEFINITIONS)
      throw invalidArguments(`A shop defines at most ${MAX_DEFINITIONS} custom fields.`, [
        { path: 'key', message: 'too many definitions' },
      ]);
    const taken = await em.findOne(CrmFieldDefinition, { shopId: shop.id, key: input.key });
    if (taken)
      throw new ToolError('conflict', `The field ${input.key} is already defined.`, {
        field: 'key',
        definition_id: taken.id,
      });
    const def = em.create(CrmFieldDefinition, {
      shopId: shop.id,
      key: input.key,
      label: input.label.trim(),
      type: input.type,
      options: this.checkOptions(input.type, input.options),
      required: input.required ?? false,
      description: input.description?.trim() || null,
      showToAi: input.show_to_ai ?? true,
    });
    await em.flush();
    return def;
  }

  async update(id: number, changes: DefinitionChanges): Promise<CrmFieldDefinition> {
    if (Object.values(changes).every((v) => v === undefined))
      throw invalidArguments('Give at least one field to change.', [{ path: '(root)', message: 'nothing to change' }]);
    const def = await this.get(id);
    if (changes.type !== undefined && changes.type !== def.type) {
      const values = await this.valuesOf(def.key);
      // Values written under the old type would no longer match it: a new key is the honest change.
      if (values > 0)
        throw new ToolError(
          'invalid_state',
          `The type of ${def.key} cannot change: ${values} record(s) have a value. Define a new field instead.`,
          { action: 'change_type', values },
        );
      def.type = changes.type;
      if (changes.options === undefined) def.options = this.checkOptions(def.type, def.options);
    }
    if (changes.label !== undefined) def.label = changes.label.trim();
    if (changes.options !== undefined) def.options = this.checkOptions(def.type, changes.options);
    if (changes.required !== undefined) def.required = changes.required;
    if (changes.description !== undefined) def.description = changes.description?.trim() || null;
    if (changes.show_to_ai !== undefined) def.showToAi = changes.show_to_ai;
    await this.deps.em.flush();
    return def;
  }

  /** Deletes a definition; with deleteValues, the key is also removed from every record, in the same transaction. */
  async delete(id: number, deleteValues: boolean): Promise<{ values_deleted: number }> {
    const def = await this.get(id);
    let removed = 0;
    if (deleteValues) {
      const rows = await sql(
        this.deps.em,
        `update "crm_customers" set "custom_fields" = "custom_fields" - $2, "updated_at" = now()
         where "shop_id" = $1 and "custom_fields" ? $2 returning "id"`,
        [this.deps.shop.id, def.key],
      );
      removed = rows.length;
    }
    await this.deps.em.remove(def).flush();
    return { values_deleted: removed };
  }

  async valuesOf(key: string): Promise<number> {
    const [row] = await sql<{ n: string }>(
      this.deps.em,
      `select count(*) as "n" from "crm_customers" where "shop_id" = $1 and "custom_fields" ? $2`,
      [this.deps.shop.id, key],
    );
    return Number(row!.n);
  }

  async get(id: number): Promise<CrmFieldDefinition> {
    const def = await this.deps.em.findOne(CrmFieldDefinition, { id, shopId: this.deps.shop.id });
    if (!def) throw notFound('crm_field_definition', id);
    return def;
  }

  /** update_crm_customer's custom_fields, checked against the definitions: every problem at its path. */
  async check(patch: Record<string, CustomFieldValue | null>): Promise<void> {
    const defs = new Map((await this.list()).map((d) => [d.key, d]));
    if (defs.size === 0) return;
    const errors: { path: string; message: string }[] = [];
    for (const [key, value] of Object.entries(patch)) {
      const def = defs.get(key);
      if (!def) continue;
      if (value === null) {
        if (def.required) errors.push({ path: `custom_fields.${key}`, message: 'is required and cannot be removed' });
        continue;
      }
      const problem = valueProblem(def, value);
      if (problem) errors.push({ path: `custom_fields.${key}`, message: problem });
    }
    if (errors.length > 0)
      throw invalidArguments(
        `Custom fields do not match their definitions: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`,
        errors,
      );
  }

  /** The CRM records as CSV (RFC 4180, formulas defused), a column per custom field; at most 5,000 rows. */
  async exportCsv(filters: { stage?: CrmStage; query?: string }, fields: string[] | undefined) {
    const defs = await this.list();
    const columns = fields ?? defs.map((d) => d.key);
    const { items, total } = await this.deps.crmCustomersService.list(filters, { limit: EXPORT_LIMIT, offset: 0 });
    let csv = csvRow([...BASE_COLUMNS, ...columns]);
    for (const c of items)
      csv += csvRow([
        c.id,
        c.whatsappNumber,
        c.name,
        c.email,
        c.company,
        c.stage,
        c.createdAt.toISOString(),
        c.updatedAt.toISOString(),
        ...columns.map((key) => c.customFields[key]),
      ]);
    return { csv, rows: items.length, columns: [...BASE_COLUMNS, ...columns], truncated: total > items.length };
  }

  private checkOptions(type: FieldType, options: string[] | undefined): string[] {
    if (type !== 'select') {
      if (options && options.length > 0)
        throw invalidArguments('options are only for select fields.', [
          { path: 'options', message: 'not a select field' },
        ]);
      return [];
    }
    const clean = [...new Set((options ?? []).map((o) => o.trim()).filter((o) => o.length > 0))];
    if (clean.length === 0)
      throw invalidArguments('A select field needs its options.', [
        { path: 'options', message: 'at least one option' },
      ]);
    return clean;
  }
}
