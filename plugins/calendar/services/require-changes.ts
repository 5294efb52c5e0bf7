import { invalidArguments } from '../../../core/index.js';

/** An update naming its record and nothing to change is a mistake worth saying, not a silent no-op. */
export function requireChanges(changes: object, idField: string): void {
  if (Object.values(changes).every((v) => v === undefined))
    throw invalidArguments('Nothing to change: give at least one field.', [
      { path: idField, message: 'and at least one field to change' },
    ]);
}
