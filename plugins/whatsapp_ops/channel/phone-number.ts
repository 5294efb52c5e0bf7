import { normalizePhone, ToolError } from '../../../core/index.js';
import { ChannelError } from './channel-error.js';

/** The kernel's E.164 rule, failing as a channel error so HTTP callers get a 400 naming the field. */
export function phoneNumber(
  raw: string,
  field: string,
  code: 'invalid_recipient' | 'invalid_request' = 'invalid_request',
): string {
  try {
    return normalizePhone(raw, field);
  } catch (err) {
    if (err instanceof ToolError) throw new ChannelError(code, err.message, { field });
    throw err;
  }
}
