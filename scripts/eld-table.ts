/**
 * Writes the built-in language detector's n-gram table (plugins/prompt/services/builtin/
 * eld-ngrams.json): eld's 'small' table cut to the widget languages. Run after upgrading eld
 * (`npm run eld:table`); language.test.ts fails while the file differs from what this writes.
 */
import { writeFile } from 'node:fs/promises';
import { ELD_TABLE_FILE, installedEldTable, trimEldTable } from '../plugins/prompt/services/builtin/eld-table.js';
import { WIDGET_LANGUAGES } from '../plugins/prompt/services/builtin/widget-languages.js';

await writeFile(ELD_TABLE_FILE, JSON.stringify(trimEldTable(await installedEldTable(), WIDGET_LANGUAGES)) + '\n');
console.log(`wrote ${ELD_TABLE_FILE.pathname}`);
