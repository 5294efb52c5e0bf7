import { invalidState } from '../errors/tool-error.js';

export interface StateTable<S extends string, A extends string> {
  /** The statuses each action may start from. */
  allowedFrom: Readonly<Record<A, readonly S[]>>;
  /**
   * Refuses an action the table does not allow from the record's status: invalid_state with
   * `current_status`, `allowed` and `action` (docs/decisions.md).
   */
  assertCan(action: A, record: { id: number; status: S }): void;
}

/**
 * A record's status machine as a table, so every group refuses a transition the same way and
 * names the same fields. `done` words each action for the message ("cannot be resolved");
 * `final` statuses accept no action, which the message says.
 */
export function stateTable<S extends string, A extends string>(spec: {
  record: string;
  allowedFrom: Record<A, readonly S[]>;
  done: Record<A, string>;
  final?: readonly S[];
}): StateTable<S, A> {
  return {
    allowedFrom: spec.allowedFrom,
    assertCan(action, { id, status }) {
      const allowed = spec.allowedFrom[action];
      if (allowed.includes(status)) return;
      const final = spec.final?.includes(status) ? ` A ${status} ${spec.record.toLowerCase()} is final.` : '';
      throw invalidState(
        `${spec.record} ${id} is ${status} and cannot be ${spec.done[action]}; allowed from: ${allowed.join(', ')}.${final}`,
        { current_status: status, allowed: [...allowed], action },
      );
    },
  };
}
