import { Type } from '../../../core/index.js';

export const listIdArg = () => Type.Integer({ minimum: 1 });
export const phoneArg = () => Type.String({ minLength: 1, maxLength: 40 });
export const phonesArg = (max: number) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 40 }), {
    minItems: 1,
    maxItems: max,
  });
export const tagsArg = (what: string) =>
  Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 50, description: what }));

/** Tag names as the customers group compares them: trimmed, without case, once each. */
export const tagNames = (tags: string[] | undefined) => [
  ...new Set((tags ?? []).map((t) => t.trim().toLowerCase()).filter((t) => t !== '')),
];

/** Most contacts one call takes; larger sets go through import_marketing_contacts as CSV. */
export const CONTACTS_PER_CALL = 5000;
