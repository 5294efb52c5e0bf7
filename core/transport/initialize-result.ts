import type { LoadedPlugin } from '../plugin/load-plugins.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import { SERVER_NAME, SERVER_VERSION } from '../version.js';
import { PROTOCOL_VERSIONS, type ProtocolVersion } from './protocol-version.js';
import { TIME_CONVENTIONS } from '../util/date-args.js';
import { PAGING_CONVENTION } from '../util/paging.js';

/**
 * Computed once at boot, per revision: the groups and confirmation policies cannot change while
 * running; only protocolVersion differs.
 */
export function initializeResult(
  plugins: LoadedPlugin[],
  registry: ToolRegistry,
): (version: ProtocolVersion) => string {
  const groups = plugins.map((p) => p.plugin.name);
  const userConfirmed = registry
    .all()
    .filter((t) => t.confirmation === 'user')
    .map((t) => t.definition.name);
  const templates = plugins.flatMap((p) => (p.plugin.resourceTemplates ?? []).map((t) => t.uriTemplate));
  const prompts = plugins.flatMap((p) => (p.plugin.prompts ?? []).map((t) => t.name));
  const instructions = [
    `Switchboard runs a business messaging platform for one shop: the one your token belongs to. Enabled tool groups: ${groups.join(', ') || 'none'}.`,
    'Every tool result has success (true/false); failures carry error_code and message.',
    'Confirmation rule: some tools do not execute on the first call. They answer success: false with requires_confirmation: true and a summary — a warning, not an error.',
    'Show the summary to the user; when they agree, call the same tool again with the same arguments and confirm: true.',
    userConfirmed.length
      ? `The user confirms ${userConfirmed.join(', ')} personally: give them the confirmation_url and stop. Do not call the tool again; a repeated call invalidates the confirmation.`
      : '',
    // Said once here rather than in each argument of a shared type (core/util/date-args.ts).
    TIME_CONVENTIONS,
    PAGING_CONVENTION,
    // Said once here rather than in each of some 20 update and configure tools.
    'Update and configure tools change only the arguments given; null clears a field that may be empty.',
    'Phones are E.164, with the country prefix, such as +34600111222. Amounts are decimal strings such as "25.50". Weekdays are numbered 0 = Sunday … 6 = Saturday.',
    'The shop://profile resource describes the shop, its plan limits and credits.',
    templates.length ? `Records can be read as resources: ${templates.join(', ')} (resources/templates/list).` : '',
    prompts.length ? `Prompts for common jobs: ${prompts.join(', ')} (prompts/list).` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const results = new Map(
    PROTOCOL_VERSIONS.map((protocolVersion) => [
      protocolVersion,
      JSON.stringify({
        protocolVersion,
        capabilities: {
          tools: { listChanged: false },
          resources: { subscribe: true, listChanged: false },
          prompts: { listChanged: false },
          completions: {},
          logging: {},
        },
        serverInfo: { name: SERVER_NAME, version: SERVER_VERSION },
        instructions,
      }),
    ]),
  );
  return (version) => results.get(version)!;
}
