/** The operator typed something the command cannot accept. Exit code 2, as Unix tools do for usage errors. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A well-formed command that cannot be carried out, such as one naming a shop that does not exist. Exit code 1. */
export class OperatorError extends Error {
  override readonly name = 'OperatorError';
}
