import { defineTool } from 'switchboard';
import { sleep } from '../sleep.js';
import { FIXTURE } from './outputs.js';

export const testToolWithLogging = defineTool({
  name: 'test_tool_with_logging',
  title: 'Logging',
  description: 'Conformance fixture: sends three info log messages while it runs.',
  ...FIXTURE,
  handler: async (_args, { clientLog }) => {
    clientLog('info', 'Tool execution started');
    await sleep(50);
    clientLog('info', 'Tool processing data');
    await sleep(50);
    clientLog('info', 'Tool execution completed');
    return { message: 'Logged three messages.' };
  },
});
