import { Type, invalidArguments, normalizePhone } from '../../../core/index.js';

/** The pipeline every shop uses; a contact can move from any stage to any other. */
export const CRM_STAGES = ['lead', 'contacted', 'qualified', 'proposal', 'won', 'lost'] as const;
export type CrmStage = (typeof CRM_STAGES)[number];
export const DEFAULT_STAGE: CrmStage = 'lead';

export type CustomFieldValue = string | number | boolean;
export type CustomFields = Record<string, CustomFieldValue>;

const MAX_CUSTOM_FIELDS = 50;
export const FIELD_NAME = /^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$/;

export const StageSchema = Type.Union(CRM_STAGES.map((s) => Type.Literal(s)));

const customValue = Type.Union([Type.String({ maxLength: 1000 }), Type.Number(), Type.Boolean()]);

/** `custom_fields` of update_crm_customer: values to set, null to remove a field. */
export const CustomFieldsPatchSchema = Type.Record(Type.String(), Type.Union([customValue, Type.Null()]), {
  maxProperties: MAX_CUSTOM_FIELDS,
  description: `Fields to set (string, number or boolean) or remove (null). Names: 1-64 letters, digits, space, _ . -; at most ${MAX_CUSTOM_FIELDS}.`,
});

/**
 * The number as the spec asks for it: international, with its leading +. Without the + a number
 * is refused rather than guessed, even when "0034…" or "34…" would parse.
 */
export function whatsappNumber(raw: string, field = 'whatsapp_number'): string {
  if (!raw.trim().startsWith('+')) {
    throw invalidArguments(`${field} must start with + and the country code (e.g. +34600111222).`, [
      { path: field, message: 'must start with + and the country code' },
    ]);
  }
  return normalizePhone(raw, field);
}

/** Applies a patch to the stored fields and checks names and the total count. */
export function patchCustomFields(current: CustomFields, patch: Record<string, CustomFieldValue | null>): CustomFields {
  const errors = Object.keys(patch)
    .filter((name) => !FIELD_NAME.test(name))
    .map((name) => ({
      path: `custom_fields.${name}`,
      message: 'is not a valid field name (1-64 letters, digits, space, _ . -; starting with a letter or digit)',
    }));
  if (errors.length > 0)
    throw invalidArguments(
      `Invalid custom field names: ${errors.map((e) => JSON.stringify(e.path.slice(14))).join(', ')}.`,
      errors,
    );
  const next: CustomFields = { ...current };
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete next[name];
    else next[name] = value;
  }
  if (Object.keys(next).length > MAX_CUSTOM_FIELDS) {
    throw invalidArguments(`A contact has at most ${MAX_CUSTOM_FIELDS} custom fields.`, [
      { path: 'custom_fields', message: `would leave more than ${MAX_CUSTOM_FIELDS} fields` },
    ]);
  }
  return next;
}
