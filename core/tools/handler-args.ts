const CONTROL_ARGS = ['action', 'confirm', 'confirmation_token'];

/** What a handler receives: its own arguments, without the kernel's control arguments. */
export function handlerArgs(args: Record<string, unknown>): Record<string, unknown> {
  const out = { ...args };
  for (const key of CONTROL_ARGS) delete out[key];
  return out;
}
