import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { TestKernel } from './boot.js';
import { waitFor } from './wait-for.js';

/** A resource update as the client heard it, with when (ms since the epoch). */
export interface HeardUpdate {
  uri: string;
  at: number;
}

export interface ResourceSubscriber {
  client: Client;
  /** The URIs heard updated, in order. */
  updated: string[];
  heard: HeardUpdate[];
}

/**
 * An official SDK client of `kernel` (which listens) whose standing stream is open, recording the
 * resource updates it hears. Closed by `clients`' owner.
 */
export async function resourceSubscriber(
  kernel: TestKernel,
  token: string,
  clients: Client[],
): Promise<ResourceSubscriber> {
  const updated: string[] = [];
  const heard: HeardUpdate[] = [];
  let streamOpen = false;
  const client = new Client({ name: 'subscriptions-test', version: '1.0.0' });
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    updated.push(n.params.uri);
    heard.push({ uri: n.params.uri, at: Date.now() });
  });
  const transport = new StreamableHTTPClientTransport(new URL(`${kernel.baseUrl()}/`), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      if ((init?.method ?? 'GET') === 'GET' && res.status === 200) streamOpen = true;
      return res;
    },
  });
  await client.connect(transport);
  clients.push(client);
  await waitFor('the client’s standing stream is open', () => streamOpen);
  return { client, updated, heard };
}

/** The JSON-RPC error of a refused subscription, or null when it was accepted. */
export const refusal = (client: Client, uri: string) =>
  client.subscribeResource({ uri }).then(
    () => null,
    (err: { code?: number }) => err,
  );

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
