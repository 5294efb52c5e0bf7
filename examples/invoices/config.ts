import { Type, type Static } from 'switchboard';

export const InvoicesConfig = Type.Object(
  {
    dueDays: Type.Integer({
      minimum: 0,
      maximum: 365,
      default: 30,
      description: 'Days until an invoice is due when create_invoice gets no due_date.',
    }),
  },
  { additionalProperties: false },
);

export type InvoicesConfig = Static<typeof InvoicesConfig>;
