export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: any;
  bytes: Buffer;
}

/** One real HTTP request; JSON bodies are sent and parsed, anything else is kept as bytes. */
export async function http(
  method: string,
  url: string,
  options: { headers?: Record<string, string>; json?: unknown; raw?: string } = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined = options.raw;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(url, { method, headers, body });
  const bytes = Buffer.from(await response.arrayBuffer());
  const isJson = response.headers.get('content-type')?.includes('application/json');
  return {
    status: response.status,
    headers: response.headers,
    body: isJson && bytes.length ? JSON.parse(bytes.toString('utf8')) : undefined,
    bytes,
  };
}
