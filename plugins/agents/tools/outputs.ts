import { Type, Nullable, DateTime } from '../../../core/index.js';
import { PERMISSION_SECTIONS } from '../services/permissions.js';

const Access = Type.Object({ view: Type.Boolean(), edit: Type.Boolean() }, { additionalProperties: false });

export const AgentOutput = Type.Object(
  {
    id: Type.Integer(),
    nickname: Type.String(),
    full_name: Type.String(),
    email: Type.String(),
    color: Type.String({ description: '#rrggbb' }),
    phone: Nullable(Type.String()),
    has_pin: Type.Boolean({ description: 'The pin itself is never shown.' }),
    agent_hash: Type.String(),
    all_permissions: Type.Boolean({ description: 'True when no restriction was set: every section, view and edit.' }),
    permissions: Type.Object(Object.fromEntries(PERMISSION_SECTIONS.map((s) => [s, Access])), {
      additionalProperties: false,
      description: 'Every section with its view and edit rights.',
    }),
    created_at: DateTime(),
    updated_at: DateTime(),
  },
  { additionalProperties: false },
);
