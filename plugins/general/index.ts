import { definePlugin } from '../../core/index.js';
import { ping } from './tools/ping.js';
import { getServerTime } from './tools/get-server-time.js';
import { listEnabledGroups } from './tools/list-enabled-groups.js';
import { generalErrors } from './errors.js';

/** general: small read-only tools any client can use to check the connection and the setup. */
export default definePlugin({
  name: 'general',
  version: '1.0.0',
  description: 'Connection checks and facts about this server: ping, server time, enabled groups.',
  kernel: '^1.0.0',
  errors: generalErrors,
  tools: [ping, getServerTime, listEnabledGroups],
});
