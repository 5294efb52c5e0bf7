import { Type } from '../../../core/index.js';

/** Argument schemas the customer tools share. */
export const phoneArg = (description = 'Customer phone, E.164 (+34600111222).') =>
  Type.String({ minLength: 1, maxLength: 40, description });

export const TAG_COLOR_PATTERN = '^#[0-9A-Fa-f]{6}$';

/**
 * The dashboard sends one argument schema to every customer tool, so these tools accept the
 * other tools' arguments (the spec says so) and ignore them.
 */
const ignoredNote = (of: string) => `Accepted; no effect (used by ${of}).`;
const ignoredString = (of: string) => Type.Optional(Type.String({ description: ignoredNote(of) }));

export const sharedSchemaExtras = {
  query: ignoredString('search_customers'),
  limit: Type.Optional(Type.Integer({ description: ignoredNote('search_customers') })),
  tag_name: ignoredString('add_customer_tag'),
  tag_color: ignoredString('add_customer_tag'),
  comment: ignoredString('add_customer_comment'),
  agent_name: ignoredString('add_customer_comment'),
  primary_phone: ignoredString('merge_customers'),
  secondary_phone: ignoredString('merge_customers'),
};
