import { Type, type TSchema } from 'typebox';

/** How the server's own schema describes such an argument (docs/tools.md shows it). */
const NO_EFFECT_DESCRIPTION = 'Ignored.';

/**
 * An argument a tool accepts and never reads: another tool's argument, which a client sending one
 * schema to a group's tools passes to all of them. The kernel takes it with the schema given, so
 * such a call is never refused; tools/list leaves it out (core/tools/published-input.ts), as a
 * model has nothing to send there. The group's schema object is left as it is: it may be shared,
 * and typebox keeps its markers in non-enumerable properties that the copy carries over.
 */
export function NoEffectArg<T extends TSchema>(schema: T) {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(schema)) as T;
  Object.assign(copy, { noEffect: true, description: NO_EFFECT_DESCRIPTION });
  return Type.Optional(copy);
}
