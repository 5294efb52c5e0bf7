import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The run whose step is executing, seen by automation's own listeners: a tag a step adds fires
 * customers.tagged inside the step's transaction, and a workflow that starts from it is one level
 * deeper — or refused, when its workflow is already in the chain (two workflows triggering each
 * other) or the chain is too deep.
 */
export interface RunOrigin {
  runId: number;
  depth: number;
  /** The workflows of the chain so far. */
  chain: number[];
}

export const runOrigin = new AsyncLocalStorage<RunOrigin>();
