import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { BILLING_SOURCES } from '../entities/values.js';
import { SettingsOutput } from './outputs.js';

const filters = Type.Object(
  Object.fromEntries(
    BILLING_SOURCES.map((source) => [
      source,
      Type.Optional(Type.Boolean({ description: `Hold ${source} messages to the window.` })),
    ]),
  ),
  {
    additionalProperties: false,
    description:
      'Per billing source: true holds its automatic messages to customers who wrote within the window; others keep their setting.',
  },
);

export const updateChatappEligibilitySettings = defineTool({
  name: 'update_chatapp_eligibility_settings',
  title: 'Update contact-window settings',
  description:
    "Changes the contact window and the per-source filters. A filtered source's automatic messages are refused outside the window (outside_contact_window).",
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    window_hours: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 720 }), Type.Null()], {
        description: 'Hours, 1-720; null for the default.',
      }),
    ),
    filters: Type.Optional(filters),
  }),
  output: SettingsOutput,
  handler: async ({ window_hours, filters: changes }, { services }) =>
    services.chatappEligibilityService.updateSettings({ windowHours: window_hours, filters: changes }),
});
