type Schema = Record<string, unknown>;

/** A tool's published output schema, with what decides where its records are described. */
export interface PublishedOutput {
  tool: string;
  group: string;
  query: boolean;
  schema: Schema;
}

/** A record is described once from this size on; below it, a reference would save little. */
const MIN_RECORD_BYTES = 120;

/** One record in one tool's schema: where it is, and the object and key that hold it there. */
interface Occurrence {
  key: string;
  path: string;
  holder: Schema | unknown[];
  at: string | number;
}

/**
 * The output schemas with each record that several tools of one group answer (a campaign, an
 * agent) described in one of them only. The others keep an open object that says where the shape
 * is: `{ type: 'object', description: "As agent in get_agent." }`. Each schema stays
 * self-contained, as clients compile each tool's schema on its own, and still holds every answer.
 * The describing tool is a query where one holds the record, so a read-only token, which lists
 * queries only, is listed it; tools of one group are always listed together.
 */
export function shareRecordsAcrossTools(outputs: PublishedOutput[]): Map<string, Schema> {
  // A copy: references replace records in place.
  const schemas = new Map(outputs.map((o) => [o.tool, JSON.parse(JSON.stringify(o.schema)) as Schema]));
  const found = new Map(outputs.map((o) => [o.tool, records(schemas.get(o.tool)!)]));
  const holders = new Map<string, PublishedOutput[]>();
  for (const output of outputs)
    for (const key of new Set(found.get(output.tool)!.map((o) => o.key))) {
      const id = `${output.group}\u0000${key}`;
      holders.set(id, [...(holders.get(id) ?? []), output]);
    }
  const order = new Map(outputs.map((o, i) => [o.tool, i]));
  const rank = (o: PublishedOutput) =>
    (o.query ? 0 : 2_000_000) + (o.tool.startsWith('get_') ? 0 : 1_000_000) + order.get(o.tool)!;
  /** Per tool, the paths already replaced by a reference: the records inside them are gone. */
  const replaced = new Map<string, string[]>();
  const alive = (tool: string, o: Occurrence) =>
    !(replaced.get(tool) ?? []).some((p) => o.path === p || o.path.startsWith(`${p}.`) || o.path.startsWith(`${p}[`));
  // Largest records first: a record inside a larger shared one goes with it.
  const shared = [...holders].filter(([, h]) => h.length > 1).sort((a, b) => b[0].length - a[0].length);
  for (const [id, tools] of shared) {
    const key = id.slice(id.indexOf('\u0000') + 1);
    const present = tools
      .map((o) => ({ output: o, at: found.get(o.tool)!.filter((r) => r.key === key && alive(o.tool, r)) }))
      .filter((h) => h.at.length > 0)
      .sort((a, b) => rank(a.output) - rank(b.output));
    if (present.length < 2) continue;
    const [describer, ...others] = present;
    const description = `As ${describer!.at[0]!.path} in ${describer!.output.tool}.`;
    for (const { output, at } of others)
      for (const o of at) {
        const record = (o.holder as Record<string | number, Schema>)[o.at]!;
        (o.holder as Record<string | number, unknown>)[o.at] = { type: record.type, description };
        replaced.set(output.tool, [...(replaced.get(output.tool) ?? []), o.path]);
      }
  }
  return schemas;
}

const isRecord = (s: unknown): s is Schema =>
  typeof s === 'object' &&
  s !== null &&
  !Array.isArray(s) &&
  typeof (s as Schema).properties === 'object' &&
  (s as Schema).properties !== null;

/** A record's identity: its shape whatever its own nullability (`type: ['object', 'null']`). */
function recordKey(schema: Schema): string {
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null') : [schema.type];
  return JSON.stringify({ ...schema, type: types.length === 1 ? types[0] : types });
}

/** The records below the roots of a tool's output branches, with the path of each. */
function records(schema: Schema): Occurrence[] {
  const found: Occurrence[] = [];
  const walk = (holder: Schema | unknown[], at: string | number, path: string) => {
    const node = (holder as Record<string | number, unknown>)[at];
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
    const s = node as Schema;
    if (isRecord(s)) {
      if (path !== '') {
        const key = recordKey(s);
        if (key.length >= MIN_RECORD_BYTES) found.push({ key, path, holder, at });
      }
      const properties = s.properties as Schema;
      for (const name of Object.keys(properties)) walk(properties, name, path ? `${path}.${name}` : name);
    }
    if (typeof s.items === 'object') walk(s, 'items', `${path}[]`);
    if (typeof s.additionalProperties === 'object') walk(s, 'additionalProperties', `${path}.*`);
    if (Array.isArray(s.anyOf)) s.anyOf.forEach((_, i) => walk(s.anyOf as unknown[], i, path));
  };
  if (Array.isArray(schema.anyOf)) schema.anyOf.forEach((_, i) => walk(schema.anyOf as unknown[], i, ''));
  return found;
}
