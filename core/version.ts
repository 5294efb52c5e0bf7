import { createRequire } from 'node:module';

/** The plugin API version. Groups declare the range they work with in `kernel`. */
export const KERNEL_VERSION = '1.0.0';
export const SERVER_NAME = 'switchboard';
export const SERVER_VERSION: string = createRequire(import.meta.url)('../package.json').version;
