import { NoEffectArg, Type } from '../../../core/index.js';

/** Argument schemas the customer tools share. */
export const phoneArg = (description?: string) =>
  Type.String({ minLength: 1, maxLength: 40, ...(description !== undefined && { description }) });

export const TAG_COLOR_PATTERN = '^#[0-9A-Fa-f]{6}$';

/**
 * The dashboard sends one argument schema to every customer tool, so these tools accept the
 * other tools' arguments (the spec says so) and ignore them.
 */
const ignoredString = () => NoEffectArg(Type.String());

export const sharedSchemaExtras = {
  query: ignoredString(),
  limit: NoEffectArg(Type.Integer()),
  tag_name: ignoredString(),
  tag_color: ignoredString(),
  comment: ignoredString(),
  agent_name: ignoredString(),
  primary_phone: ignoredString(),
  secondary_phone: ignoredString(),
};
