import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { CALL_SOURCES, CALL_STATUSES } from './values.js';

/**
 * One call of a custom function, kept 30 days (its arguments may hold customer data). The name is
 * kept with the id, so the log still reads after the function is deleted.
 */
export const CustomFunctionCall = defineEntity({
  name: 'CustomFunctionCall',
  tableName: 'custom_function_calls',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    shopId: tenantColumn(),
    functionId: p.integer(),
    functionName: p.string().length(40),
    source: p.enum([...CALL_SOURCES]),
    surface: p.string().length(40).nullable(),
    status: p.enum([...CALL_STATUSES]),
    statusCode: p.integer().nullable(),
    durationMs: p.integer(),
    arguments: p.json<unknown>(),
    result: p.text().nullable(),
    truncated: p.boolean(),
    error: p.text().nullable(),
    createdAt: p.datetime(),
  },
  indexes: [{ properties: ['shopId', 'functionId', 'createdAt'] }, { properties: ['shopId', 'createdAt'] }],
});
export type CustomFunctionCall = InferEntity<typeof CustomFunctionCall>;
