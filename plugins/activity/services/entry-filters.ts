import { RangeBoundArg, Type, type Static } from '../../../core/index.js';

/** The filters list_activity and export_activity_csv share. */
export const EntryFilterArgs = {
  kind: Type.Optional(Type.Enum(['call', 'confirmation'])),
  actor: Type.Optional(
    Type.Enum(['api_token', 'confirmation_page', 'elicitation', 'job', 'workflow', 'assistant'], {
      description: 'Who made the change.',
    }),
  ),
  token: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'A named token, by name.' })),
  tool: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  group: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  resource_type: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: 'ticket, campaign, list, phone…' }),
  ),
  resource_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  outcome: Type.Optional(
    Type.Enum(['success', 'failure', 'issued', 'approved', 'rejected', 'expired'], {
      description: 'A call’s success or failure, or a confirmation’s event.',
    }),
  ),
  error_code: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  date_from: Type.Optional(RangeBoundArg()),
  date_to: Type.Optional(RangeBoundArg()),
};

/** The filters alone: export_activity_csv's input. */
export const EntryFilterObject = Type.Object(EntryFilterArgs);
export type EntryFilters = Static<typeof EntryFilterObject>;
