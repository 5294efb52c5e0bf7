import { generatedDocCli } from './lib/generated-doc-cli.js';
import { renderEventsDoc, EVENTS_DOC } from './lib/render-events-doc.js';

await generatedDocCli({
  command: 'docs:events',
  target: EVENTS_DOC,
  render: renderEventsDoc,
  about: `Writes docs/events.md from the groups' surface.ts files: every domain event, the group that emits
it, when it fires and its payload's fields.`,
});
