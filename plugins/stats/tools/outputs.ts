import { Nullable, Type } from '../../../core/index.js';

/** Turns, replies and minutes to the first reply (see the README's definitions). */
export const responseFields = {
  turns: Type.Integer(),
  answered: Type.Integer(),
  unanswered: Type.Integer(),
  first_response_minutes: Type.Object(
    { average: Nullable(Type.Number()), median: Nullable(Type.Number()), p90: Nullable(Type.Number()) },
    { additionalProperties: false },
  ),
};

export const ResponseOutput = Type.Object(responseFields, { additionalProperties: false });
