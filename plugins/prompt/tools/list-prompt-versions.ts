import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { surfaceArg } from './prompt-args.js';

export const listPromptVersions = defineTool({
  name: 'list_prompt_versions',
  title: 'List prompt versions',
  description:
    "The saved versions of the base prompt or a surface's addition, newest first, with notes and an excerpt.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    surface: Type.Optional(surfaceArg('Default all: the base prompt; another surface: its addition.')),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  }),
  output: Type.Object({
    versions: Type.Array(
      Type.Object({
        version: Type.Integer(),
        note: Type.Union([Type.String(), Type.Null()]),
        source: Type.String(),
        restored_from: Type.Union([Type.Integer(), Type.Null()]),
        characters: Type.Integer(),
        excerpt: Type.String(),
        created_at: Type.String(),
      }),
    ),
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
  }),
  handler: async ({ surface = 'all', limit = 20, offset = 0 }, { services }) =>
    services.promptService.list(surface, limit, offset),
});
