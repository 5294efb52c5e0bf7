import { randomBytes } from 'node:crypto';

/** A fbtrace_id as Meta's look: 11 characters of base64. */
export const traceId = () => randomBytes(8).toString('base64').replace(/[+/=]/g, '').slice(0, 11);

/** Graph's error body, verbatim in shape: {"error":{message,type,code,error_subcode?,error_data?,fbtrace_id}}. */
export function graphError(
  code: number,
  message: string,
  options: { type?: string; subcode?: number; details?: string } = {},
) {
  return {
    error: {
      message,
      type: options.type ?? 'OAuthException',
      code,
      ...(options.subcode !== undefined && { error_subcode: options.subcode }),
      ...(options.details !== undefined && { error_data: { messaging_product: 'whatsapp', details: options.details } }),
      fbtrace_id: traceId(),
    },
  };
}

/** The errors the fake answers, with Meta's own wording and HTTP statuses. */
export const GRAPH_ERRORS = {
  noToken: () =>
    [
      400,
      graphError(2500, 'An active access token must be used to query information about the current user.'),
    ] as const,
  badToken: () => [401, graphError(190, 'Invalid OAuth access token - Cannot parse access token')] as const,
  expiredToken: () =>
    [
      401,
      graphError(
        190,
        'Error validating access token: Session has expired on Thursday, 03-Dec-26 01:00:00 PST. The current time is Thursday, 03-Dec-26 02:13:41 PST.',
        { subcode: 463 },
      ),
    ] as const,
  unknownObject: (id: string) =>
    [
      400,
      graphError(
        100,
        `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
        { type: 'GraphMethodException', subcode: 33 },
      ),
    ] as const,
  invalidParameter: (details: string) => [400, graphError(100, '(#100) Invalid parameter', { details })] as const,
  throughput: () =>
    [
      429,
      graphError(130429, '(#130429) Rate limit hit', { details: 'Cloud API message throughput has been reached.' }),
    ] as const,
  pairRate: () =>
    [
      429,
      graphError(131056, '(#131056) (Business Account, Consumer Account) pair rate limit hit', {
        details:
          'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
      }),
    ] as const,
  blocked: () =>
    [
      400,
      graphError(368, '(#368) Temporarily blocked for policies violations', {
        details: 'The WhatsApp Business Account is restricted from messaging users for a period of time.',
      }),
    ] as const,
  templateMissing: (name: string, language: string) =>
    [
      404,
      graphError(132001, '(#132001) Template name does not exist in the translation', {
        details: `template name (${name}) does not exist in ${language}`,
      }),
    ] as const,
  templateParams: (part: string, given: number, expected: number) =>
    [
      400,
      graphError(132000, '(#132000) Number of parameters does not match the expected number of params', {
        details: `${part}: number of localizable_params (${given}) does not match the expected number of params (${expected})`,
      }),
    ] as const,
  templatePaused: () =>
    [
      400,
      graphError(132015, '(#132015) Template is Paused', { details: 'Template is paused due to low quality.' }),
    ] as const,
};

/** A failed status's errors[] entry, as the statuses webhook carries it. */
export const STATUS_ERRORS = {
  undeliverable: {
    code: 131026,
    title: 'Message undeliverable',
    message: 'Message undeliverable',
    error_data: { details: 'Message Undeliverable.' },
    href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
  },
  reengagement: {
    code: 131047,
    title: 'Re-engagement message',
    message: 'Re-engagement message',
    error_data: {
      details:
        'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
    },
    href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
  },
};
