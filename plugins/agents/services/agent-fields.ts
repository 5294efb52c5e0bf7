import { invalidArguments, normalizePhone } from '../../../core/index.js';
import { parsePermissionsJson, resolvePermissions, type Permissions, type PermissionsInput } from './permissions.js';

/** The agent fields a create or update call may carry, as the tools receive them. */
export interface AgentFieldsInput {
  nickname?: string;
  full_name?: string;
  email?: string;
  color?: string;
  phone?: string | null;
  pin?: string | null;
  permissions_json?: string;
  permissions?: PermissionsInput;
  all_permissions?: true;
}

/** The same fields checked and normalised, named as the entity names them; absent = unchanged. */
export interface AgentFields {
  nickname?: string;
  fullName?: string;
  email?: string;
  color?: string;
  phone?: string | null;
  pin?: string | null;
  /** null = all permissions. */
  permissions?: Permissions | null;
}

/**
 * Checks what the schema cannot (blank names, phone numbers, permissions JSON, exclusive
 * arguments) and reports every problem at once, like the kernel does for schema errors.
 */
export function checkAgentFields(input: AgentFieldsInput): AgentFields {
  const errors: { path: string; message: string }[] = [];
  const out: AgentFields = {};
  const text = (field: 'nickname' | 'full_name' | 'email') => {
    const value = input[field]?.trim();
    if (value === '') errors.push({ path: field, message: 'must not be blank' });
    return value;
  };
  out.nickname = text('nickname');
  out.fullName = text('full_name');
  out.email = text('email');
  out.color = input.color?.toLowerCase();
  if (input.pin !== undefined) out.pin = input.pin;
  if (input.phone !== undefined) {
    try {
      out.phone = input.phone === null || input.phone.trim() === '' ? null : normalizePhone(input.phone, 'phone');
    } catch {
      errors.push({ path: 'phone', message: 'is not a valid international phone number (E.164, e.g. +34600111222)' });
    }
  }
  const given = (['permissions_json', 'permissions', 'all_permissions'] as const).filter((f) => input[f] !== undefined);
  if (given.length > 1) {
    for (const path of given) errors.push({ path, message: `give only one of ${given.join(', ')}` });
  }
  if (errors.length > 0)
    throw invalidArguments(`Invalid agent fields: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`, errors);

  if (input.all_permissions) out.permissions = null;
  if (input.permissions !== undefined) out.permissions = resolvePermissions(input.permissions, 'permissions');
  if (input.permissions_json !== undefined)
    out.permissions = resolvePermissions(parsePermissionsJson(input.permissions_json), 'permissions_json');
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as AgentFields;
}
