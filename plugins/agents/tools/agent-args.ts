import { Type } from '../../../core/index.js';
import { PermissionsSchema } from '../services/permissions.js';
import { DEFAULT_AGENT_COLOR } from '../services/agents-service.js';

const COLOR = { pattern: '^#[0-9A-Fa-f]{6}$', description: 'Hex colour, e.g. #2563eb.' };

/** Argument schemas shared by create_agent and update_agent, so both validate alike. */
export const agentArgs = {
  nickname: Type.String({ minLength: 1, maxLength: 50, description: 'Short name customers see.' }),
  full_name: Type.String({ minLength: 1, maxLength: 200 }),
  email: Type.String({ format: 'email', maxLength: 254 }),
  color: Type.String(COLOR),
  colorWithDefault: Type.String({ ...COLOR, default: DEFAULT_AGENT_COLOR }),
  phone: Type.String({ maxLength: 32, description: "The agent's own phone." }),
  pin: Type.String({
    pattern: '^[0-9]{4,8}$',
    description: '4-8 digits, unique in the shop; identifies the agent in the browser extension. Never returned.',
  }),
  permissions_json: Type.String({
    maxLength: 10000,
    description: 'permissions as a JSON string; give one of the two.',
  }),
  permissions: PermissionsSchema,
};
