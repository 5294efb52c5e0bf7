/** One schema inside a tool's input schema, with the argument path it validates (`a.b`, `list[].name`). */
export interface SchemaNode {
  path: string;
  schema: object;
}

/** Every schema under an object schema's properties, through nested objects, arrays and unions. */
export function schemaNodes(root: object, prefix = ''): SchemaNode[] {
  const nodes: SchemaNode[] = [];
  const visit = (schema: unknown, path: string) => {
    if (typeof schema !== 'object' || schema === null) return;
    const s = schema as Record<string, unknown>;
    nodes.push({ path, schema: s });
    if (s.properties) for (const [name, child] of Object.entries(s.properties)) visit(child, `${path}.${name}`);
    if (s.items) visit(s.items, `${path}[]`);
    for (const key of ['anyOf', 'oneOf', 'allOf'])
      if (Array.isArray(s[key])) for (const child of s[key] as unknown[]) visit(child, path);
  };
  const props = (root as { properties?: Record<string, unknown> }).properties ?? {};
  for (const [name, child] of Object.entries(props)) visit(child, prefix ? `${prefix}.${name}` : name);
  return nodes;
}
