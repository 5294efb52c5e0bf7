/**
 * Content a tool returns beside its JSON result: a chart, a QR code, a voice preview, a file. The
 * result's fields stay the structuredContent and the first text block; these blocks follow it.
 */
export type ContentBlock =
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource'; resource: ResourceBody };

/** A resource's body as MCP carries it: text, or bytes in base64 (`blob`). */
export type ResourceBody =
  { uri: string; mimeType: string; text: string } | { uri: string; mimeType: string; blob: string };

/** Where a result keeps its extra blocks: a symbol, so JSON (structuredContent) never shows them. */
export const CONTENT = Symbol('switchboard.content');

export const imageContent = (data: Buffer, mimeType: string): ContentBlock => ({
  type: 'image',
  data: data.toString('base64'),
  mimeType,
});

export const audioContent = (data: Buffer, mimeType: string): ContentBlock => ({
  type: 'audio',
  data: data.toString('base64'),
  mimeType,
});

/** A resource's body: text as it is, bytes as base64. */
export const resourceBody = (uri: string, mimeType: string, body: string | Buffer): ResourceBody =>
  typeof body === 'string' ? { uri, mimeType, text: body } : { uri, mimeType, blob: body.toString('base64') };

export const embeddedResource = (uri: string, mimeType: string, body: string | Buffer): ContentBlock => ({
  type: 'resource',
  resource: resourceBody(uri, mimeType, body),
});

/** A handler's result with content blocks attached (they follow the JSON text block, in order). */
export function withContent<T extends Record<string, unknown>>(result: T, ...blocks: ContentBlock[]): T {
  return Object.assign(result, { [CONTENT]: blocks });
}

/** The blocks a result carries, if any. */
export const contentOf = (result: Record<string | symbol, unknown>): ContentBlock[] =>
  (result[CONTENT] as ContentBlock[] | undefined) ?? [];
