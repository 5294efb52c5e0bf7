import { Type, describeErrors, invalidArguments } from '../../../core/index.js';
import { Compile } from 'typebox/compile';

/**
 * The dashboard areas an agent can be given access to. Each section has two flags: `view` (read)
 * and `edit` (create, change, delete). Adding a section here gives it to every agent that has all
 * permissions (stored as null) and to no restricted agent.
 */
export const PERMISSION_SECTIONS = [
  'tickets',
  'customers',
  'crm',
  'conversations',
  'campaigns',
  'email',
  'calendar',
  'knowledge',
  'stats',
  'agents',
  'settings',
] as const;

export type PermissionSection = (typeof PERMISSION_SECTIONS)[number];
export type SectionAccess = { view: boolean; edit: boolean };
export type Permissions = Record<PermissionSection, SectionAccess>;
type SectionInput = boolean | { view?: boolean; edit?: boolean };
export type PermissionsInput = Partial<Record<PermissionSection, SectionInput>>;

const sectionSchema = Type.Union([
  Type.Boolean(),
  Type.Object(
    { view: Type.Optional(Type.Boolean()), edit: Type.Optional(Type.Boolean()) },
    { additionalProperties: false },
  ),
]);

const optionalSection = Type.Optional(sectionSchema);

/** The `permissions` argument, and the shape `permissions_json` must parse to. */
export const PermissionsSchema = Type.Object(
  Object.fromEntries(PERMISSION_SECTIONS.map((s) => [s, optionalSection])) as unknown as Record<
    PermissionSection,
    typeof optionalSection
  >,
  {
    additionalProperties: false,
    description:
      'Access by section: true (view and edit), false, or { view, edit } (edit implies view). Sections left out get no access.',
  },
);

const validator = Compile(PermissionsSchema);

/** Parses `permissions_json`; every problem is an invalid_arguments error naming the field path. */
export function parsePermissionsJson(raw: string, field = 'permissions_json'): PermissionsInput {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalidArguments(`${field} is not valid JSON.`, [{ path: field, message: 'is not valid JSON' }]);
  }
  if (!validator.Check(value)) {
    const errors = describeErrors(validator.Errors(value)).map((e) => ({
      path: e.path === '(root)' ? field : `${field}.${e.path}`,
      message: e.message,
    }));
    throw invalidArguments(
      `${field} is not a valid permissions object: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`,
      errors,
    );
  }
  return value as PermissionsInput;
}

/** A complete map from what the caller gave; `edit` implies `view`, and edit without view is refused. */
export function resolvePermissions(input: PermissionsInput, field: string): Permissions {
  const errors: { path: string; message: string }[] = [];
  const resolved = {} as Permissions;
  for (const section of PERMISSION_SECTIONS) {
    const given = input[section];
    if (typeof given === 'boolean' || given === undefined) {
      resolved[section] = { view: given === true, edit: given === true };
      continue;
    }
    const edit = given.edit === true;
    if (edit && given.view === false)
      errors.push({ path: `${field}.${section}.view`, message: 'cannot be false when edit is true' });
    resolved[section] = { view: edit || given.view === true, edit };
  }
  if (errors.length > 0) throw invalidArguments(`Invalid ${field}: editing a section requires viewing it.`, errors);
  return resolved;
}

/** Every section with view and edit: what an agent stored with null permissions has. */
export const allPermissions = (): Permissions =>
  Object.fromEntries(PERMISSION_SECTIONS.map((s) => [s, { view: true, edit: true }])) as Permissions;

/** The full map for a stored value: null is every section; a section stored before it existed has no access. */
export function expandPermissions(stored: Partial<Permissions> | null): Permissions {
  if (stored === null) return allPermissions();
  return Object.fromEntries(
    PERMISSION_SECTIONS.map((s) => [s, stored[s] ?? { view: false, edit: false }]),
  ) as Permissions;
}
