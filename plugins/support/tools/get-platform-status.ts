import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { NoticeOutput } from './outputs.js';

export const getPlatformStatus = defineTool({
  name: 'get_platform_status',
  title: 'Get platform status',
  description: "The platform's notices: incidents and maintenance now and ahead, with an overall status.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({ status: Type.String(), notices: Type.Array(NoticeOutput) }),
  handler: async (_args, { services }) => services.supportPlatformNoticesService.status(),
});
