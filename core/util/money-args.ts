import { Type, type TString } from 'typebox';

/**
 * Money as every tool takes and gives it (docs/decisions.md, "Money"): a decimal string in the
 * shop's or the record's currency, never a float, so 19.99 stays 19.99 on its way to PostgreSQL's
 * numeric.
 */
export const MONEY_PATTERN = '^\\d{1,12}(\\.\\d{1,4})?$';
export const MONEY_MESSAGE = 'must be an amount as a decimal string, such as "25" or "25.50"';

export const MoneyArg = (description?: string): TString =>
  Type.String({ pattern: MONEY_PATTERN, ...(description === undefined ? {} : { description }) });
