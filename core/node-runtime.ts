import { createRequire } from 'node:module';
import semver from 'semver';

/** The Node.js versions the server supports: package.json `engines.node`, the range the suite runs on. */
export const SUPPORTED_NODE: string = createRequire(import.meta.url)('../package.json').engines.node;

/**
 * Refuses to start on a Node.js outside the supported range, with the reason, instead of failing
 * later on a missing API or a native module built for another runtime.
 */
export function checkNodeRuntime(version = process.version): string | null {
  if (semver.satisfies(version, SUPPORTED_NODE)) return null;
  return (
    `switchboard needs Node.js ${SUPPORTED_NODE} and this is ${version}. ` +
    'Run it through npm (npm start), which uses the Node.js that npm ci installed, or install a supported Node.js.'
  );
}
