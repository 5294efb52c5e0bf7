import { DateTime, Nullable, pageOutput, Type, type Static } from '../../../core/index.js';

/** An audit-log line as the tools show it; the service's payloads are typed from it. */
export const EntryOutput = Type.Object(
  {
    id: Type.Integer(),
    at: DateTime(),
    kind: Type.String({ description: 'call (a mutation) or confirmation (one of its confirmation events).' }),
    actor: Type.String({
      description:
        'api_token, confirmation_page, elicitation (a person answering the client’s form), job, workflow or assistant.',
    }),
    token: Nullable(Type.String({ description: "The named token's name; null for the shop's main token." })),
    tool: Type.String(),
    group: Type.String(),
    resource: Nullable(Type.Object({ type: Type.String(), id: Type.String() })),
    arguments: Type.Record(Type.String(), Type.Unknown(), {
      description: 'As called; secret arguments are [redacted], strings over 2,000 characters cut.',
    }),
    outcome: Type.String({
      description: 'success or failure; for a confirmation: issued, approved, rejected, expired.',
    }),
    error_code: Nullable(Type.String()),
    request_id: Type.String(),
  },
  { additionalProperties: false },
);
export type EntryPayload = Static<typeof EntryOutput>;

export const SettingsOutput = Type.Object(
  {
    retention_days: Type.Integer(),
    default: Type.Boolean({ description: 'True while the installation default applies.' }),
  },
  { additionalProperties: false },
);
export type SettingsPayload = Static<typeof SettingsOutput>;

export const EntryPage = pageOutput('entries', EntryOutput, { retention_days: Type.Integer() });
