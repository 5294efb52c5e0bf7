import { fileURLToPath } from 'node:url';

/** A config entry enabling one of this folder's fixture groups through `resolve`. */
export const fixtureGroup = (folder: string) => ({
  enabled: true,
  resolve: fileURLToPath(new URL(`./fixtures/${folder}/index.ts`, import.meta.url)),
});
