import { ClientRequestError, ToolError } from 'switchboard';

/** The fixtures' request to the client, with the reason it could not be asked as the tool's error. */
export async function askClient<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (err) {
    if (err instanceof ClientRequestError)
      throw new ToolError('fixture_client_cannot_ask', err.message, { reason: err.reason });
    throw err;
  }
}
