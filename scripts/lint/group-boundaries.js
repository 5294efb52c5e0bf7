// The import boundaries of docs/plugins.md as a lint rule:
// - a group (plugins/<g>, examples/<g>) imports the kernel only through its public entries
//   (core/index.ts, core/app-kit.ts), and another group only through that group's surface.ts;
// - only tests import the test kit (test/);
// - the kernel never imports a group, a test or a script.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const PUBLIC_KERNEL = new Set(['core/index', 'core/app-kit']);

const rel = (file) => path.relative(root, file).split(path.sep).join('/');
const withoutExtension = (p) => p.replace(/\.(js|ts)$/, '');
const isTest = (file) => /\.test\.ts$/.test(file) || /^(plugins|examples)\/[^/]+\/test\//.test(file);

/** `{ area: 'group', name }` for plugins/<g>/… and examples/<g>/…, else the top-level folder. */
function areaOf(file) {
  const [top, name] = file.split('/');
  if (top === 'plugins' || top === 'examples') return { area: 'group', name: `${top}/${name}` };
  return { area: top };
}

function problem(from, target) {
  const source = areaOf(from);
  const dest = areaOf(target);
  const bare = withoutExtension(target);
  if (source.area === 'core') {
    if (dest.area === 'group' || dest.area === 'test' || dest.area === 'scripts')
      return `the kernel does not import ${target}`;
    return null;
  }
  if (source.area !== 'group') return null;
  if (dest.area === 'core' && !PUBLIC_KERNEL.has(bare))
    return `${target} is a kernel internal: import from core/index.js (or core/app-kit.js for standalone apps)`;
  if (dest.area === 'group' && dest.name !== source.name && bare !== `${dest.name}/surface`)
    return `${target} belongs to another group: import its types from ${dest.name}/surface.js`;
  if (dest.area === 'test' && !isTest(from)) return `only tests import the test kit (${target})`;
  if (dest.area === 'scripts') return `a group does not import scripts (${target})`;
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const groupBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Groups import the kernel and each other only through public entries.' },
    schema: [],
  },
  create(context) {
    const from = rel(context.filename);
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = rel(path.resolve(path.dirname(context.filename), spec));
      const message = problem(from, target);
      if (message) context.report({ node: node.source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
