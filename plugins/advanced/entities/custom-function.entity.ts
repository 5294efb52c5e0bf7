import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { FUNCTION_METHODS, SIDE_EFFECTS } from './values.js';

/**
 * An HTTP endpoint of the shop's that the assistant may call, described for the model as an
 * OpenAI-style function `{ name, description, parameters }`. Header values and the signing secret
 * are sealed; `headerNames` lets the tools show which headers are set without their values.
 */
export const CustomFunction = defineEntity({
  name: 'CustomFunction',
  tableName: 'custom_functions',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    name: p.string().length(40),
    description: p.text(),
    parameters: p.json<Record<string, unknown>>(),
    url: p.text(),
    method: p.enum([...FUNCTION_METHODS]),
    headersSealed: p.text().nullable(),
    headerNames: p.json<string[]>(),
    timeoutSeconds: p.integer(),
    surfaces: p.json<string[]>(),
    sideEffects: p.enum([...SIDE_EFFECTS]),
    responseMaxChars: p.integer(),
    isEnabled: p.boolean(),
    secretSealed: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['shopId', 'name'] }],
});
export type CustomFunction = InferEntity<typeof CustomFunction>;
