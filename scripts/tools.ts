import { loadConfig } from '../core/config/load-config.js';
import { loadPlugins } from '../core/plugin/load-plugins.js';
import { ToolRegistry } from '../core/tools/tool-registry.js';
import { UsageError } from './lib/cli-errors.js';
import { runCli } from './lib/run-cli.js';

const USAGE = `Usage: npm run tools

Prints the tool catalogue of the enabled groups (group, tool, kind, confirmation) as a table.
Needs no database: the groups are loaded from the configuration exactly as the server loads them.`;

await runCli(async (args) => {
  if (args.length > 0) throw new UsageError(`unexpected argument "${args[0]}"`);
  const plugins = await loadPlugins(await loadConfig());
  // The registry applies the server's checks on tool definitions: a bad tool fails here as it would at boot.
  const registry = new ToolRegistry();
  for (const { plugin } of plugins) for (const tool of plugin.tools ?? []) registry.add(plugin.name, tool);
  const rows = registry.all().map((t) => [t.group, t.definition.name, t.definition.kind, t.confirmation]);
  return [
    ...table([['GROUP', 'TOOL', 'KIND', 'CONFIRMATION'], ...rows]),
    '',
    `${rows.length} tool(s) in ${plugins.length} group(s)`,
  ].join('\n');
}, USAGE);

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((r) => r[col]!.length)));
  return rows.map((r) => r.map((cell, col) => (col === r.length - 1 ? cell : cell.padEnd(widths[col]!))).join('  '));
}
