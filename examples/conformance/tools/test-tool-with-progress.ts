import { defineTool } from 'switchboard';
import { sleep } from '../sleep.js';
import { FIXTURE } from './outputs.js';

export const testToolWithProgress = defineTool({
  name: 'test_tool_with_progress',
  title: 'Progress',
  description: 'Conformance fixture: reports 0, 50 and 100 of 100 while it runs.',
  ...FIXTURE,
  handler: async (_args, { progress }) => {
    progress(0, 100);
    // Longer than the kernel's progress interval, so the middle step is not thinned out.
    await sleep(60);
    progress(50, 100);
    await sleep(60);
    progress(100, 100);
    return { message: 'Reported progress 0, 50, 100 of 100.' };
  },
});
