import { DateTime, Nullable, Type } from '../../../core/index.js';

/** A shop provider as the provider tools show it: settings, never a secret. */
export const ProviderOutput = Type.Object(
  {
    id: Type.Integer(),
    kind: Type.String({ description: 'The provider kind (cloud_api).' }),
    label: Nullable(Type.String()),
    settings: Type.Record(Type.String(), Type.String(), { description: 'The fields that are not secrets (waba_id).' }),
    credentials_set: Type.Array(Type.String(), {
      description: 'The secret fields stored (sealed, write-only): names only, never values.',
    }),
    webhook_url: Nullable(
      Type.String({ description: "Give this as the callback URL in the Meta app's WhatsApp webhook settings." }),
    ),
    lines: Type.Integer({ description: 'Lines (numbers) made with this provider.' }),
    created_at: DateTime(),
    updated_at: DateTime(),
  },
  { additionalProperties: false },
);

export const OfferedLineOutput = Type.Object(
  {
    external_id: Type.String({ description: "The network's id of the number: connect_chatapp's phone_number_id." }),
    phone: Nullable(Type.String()),
    name: Nullable(Type.String({ description: 'The verified business name.' })),
  },
  { additionalProperties: false },
);

export const TemplateOutput = Type.Object(
  {
    id: Type.Integer(),
    provider_id: Type.Integer(),
    template_id: Type.String({ description: "The network's id of the template." }),
    name: Type.String(),
    language: Type.String(),
    category: Type.String({ description: 'marketing, utility or authentication.' }),
    status: Type.String({ description: 'approved, pending, rejected, paused, disabled… Only approved ones are sent.' }),
    parameter_format: Type.String({ description: 'positional ({{1}}) or named ({{first_name}}).' }),
    components: Type.Array(Type.Object({}, { additionalProperties: true }), {
      description:
        'HEADER, BODY, FOOTER and BUTTONS as the network lists them; the placeholders to fill are in their text.',
    }),
    rejected_reason: Nullable(Type.String()),
    synced_at: DateTime(),
  },
  { additionalProperties: false },
);
