// Writes the committed extract of the interface spec's tool catalogue (test/harness/spec-catalogue.json)
// that the contract test reads: run it after the spec changes, and review the diff.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { format, resolveConfig } from 'prettier';
import {
  CATALOGUE_PATH,
  catalogueEntries,
  parseSpecCatalogue,
  readSpec,
  SPEC_PATH,
} from '../test/harness/spec-catalogue.js';

const tools = parseSpecCatalogue(readSpec());
const options = { ...(await resolveConfig(CATALOGUE_PATH)), filepath: CATALOGUE_PATH };
writeFileSync(CATALOGUE_PATH, await format(JSON.stringify(catalogueEntries(tools)), options));
console.log(
  `${tools.size} tools from ${relative(process.cwd(), SPEC_PATH)} → ${relative(process.cwd(), CATALOGUE_PATH)}`,
);
