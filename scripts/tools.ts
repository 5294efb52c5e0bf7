import { loadConfig } from '../core/config/load-config.js';
import { loadPlugins } from '../core/plugin/load-plugins.js';
import { ToolRegistry } from '../core/tools/tool-registry.js';
import { parseOptions } from './lib/parse-options.js';
import { runCli } from './lib/run-cli.js';
import { measure, measureGroups, TOKEN_ESTIMATOR, type ToolListSize } from './lib/tool-sizes.js';
import { TOOL_PROFILES } from './lib/tool-profiles.js';

const USAGE = `Usage: npm run tools [-- --size]

Prints the tool catalogue of the enabled groups (group, tool, kind, confirmation) as a table.
Needs no database: the groups are loaded from the configuration exactly as the server loads them.

  --size   what tools/list costs a client instead, in total, per group and per profile (a /g/<groups>/ URL):
           bytes for a 2025-03-26 client and for 2025-06-18 and later (with output schemas), the
           latter compressed (gzip, brotli), and the tokens a model is shown (names, descriptions
           and input schemas).`;

await runCli(async (args) => {
  const { size } = parseOptions(args, { size: { type: 'boolean' } });
  const plugins = await loadPlugins(await loadConfig());
  // The registry applies the server's checks on tool definitions: a bad tool fails here as it would at boot.
  const registry = new ToolRegistry();
  for (const { plugin } of plugins) for (const tool of plugin.tools ?? []) registry.add(plugin.name, tool);
  registry.seal(0);
  if (size) return sizeReport(registry, [...new Set(registry.all().map((t) => t.group))]);
  const rows = registry.all().map((t) => [t.group, t.definition.name, t.definition.kind, t.confirmation]);
  return [
    ...table([['GROUP', 'TOOL', 'KIND', 'CONFIRMATION'], ...rows]),
    '',
    `${rows.length} tool(s) in ${plugins.length} group(s)`,
  ].join('\n');
}, USAGE);

function sizeReport(registry: ToolRegistry, groups: string[]): string {
  const row = (label: string, s: ToolListSize) => [
    label,
    String(s.tools),
    kb(s.base),
    kb(s.withOutput),
    kb(s.gzip),
    kb(s.brotli),
    count(s.shownTokens),
  ];
  const total = measure(registry);
  return [
    ...table(
      [
        ['GROUP', 'TOOLS', '2025-03-26', '2025-06-18+', 'GZIP', 'BROTLI', 'TOKENS SHOWN'],
        ...groups.map((group) => row(group, measureGroups(registry, [group]))),
        row('all', total),
      ],
      true,
    ),
    '',
    ...table(
      [
        ['PROFILE', 'TOOLS', '2025-03-26', '2025-06-18+', 'GZIP', 'BROTLI', 'TOKENS SHOWN', 'URL'],
        ...Object.entries(TOOL_PROFILES).map(([name, profile]) => [
          ...row(
            name,
            measureGroups(
              registry,
              profile.filter((g) => groups.includes(g)),
            ),
          ),
          `/g/${profile.join(',')}/`,
        ]),
      ],
      true,
    ),
    '',
    'Bytes are those of the tools/list result (KB = 1,000 bytes); GZIP and BROTLI compress the 2025-06-18+ answer.',
    `Tokens shown: names, descriptions and input schemas, counted with ${TOKEN_ESTIMATOR}.`,
    `Of all ${count(total.shownTokens)}: tool descriptions ${count(total.toolDescriptionTokens)}, argument descriptions ${count(total.argumentDescriptionTokens)}, the rest by difference (names, types, enums, bounds, required, JSON) ${count(total.shownTokens - total.toolDescriptionTokens - total.argumentDescriptionTokens)}.`,
  ].join('\n');
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}

function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

function table(rows: string[][], alignNumbers = false): string[] {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((r) => r[col]!.length)));
  return rows.map((r) =>
    r
      .map((cell, col) =>
        alignNumbers && col > 0 && rows[0]![col] !== 'URL'
          ? cell.padStart(widths[col]!)
          : col === r.length - 1
            ? cell
            : cell.padEnd(widths[col]!),
      )
      .join('  '),
  );
}
