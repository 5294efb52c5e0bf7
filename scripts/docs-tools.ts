import { generatedDocCli } from './lib/generated-doc-cli.js';
import { renderToolsDoc, TOOLS_DOC } from './lib/render-tools-doc.js';

await generatedDocCli({
  command: 'docs:tools',
  target: TOOLS_DOC,
  render: renderToolsDoc,
  about: `Writes docs/tools.md from the tool registry: the groups enabled in config/default.ts, each with a
table of its tools (kind, confirmation, description, arguments), its resource templates and prompts. Needs no database.`,
});
