/**
 * What the server may ask the client in the middle of a call: a person's answer (elicitation) or a
 * completion from the client's own model (sampling). Only a client that declared the capability
 * at initialize, and that reads the call's stream, can be asked; for any other call the kernel
 * passes `noClient`, which can ask nothing. Handlers never see requests, streams or sessions.
 */
export interface ClientRequests {
  /** Whether `elicit` can ask with a form (the client declared elicitation). */
  readonly elicitsForm: boolean;
  /** Whether `elicit` can send the person to a page (the client declared elicitation.url). */
  readonly elicitsUrl: boolean;
  /** Whether `sample` can ask the client's model (the client declared sampling). */
  readonly samples: boolean;
  elicit(params: ElicitationRequest, timeoutMs?: number): Promise<ElicitationAnswer>;
  sample(params: SamplingRequest, timeoutMs?: number): Promise<SamplingAnswer>;
}

/** A primitive field of an elicitation form (MCP restricts forms to flat objects of these). */
export type FormField = Record<string, unknown> & { type: 'string' | 'number' | 'integer' | 'boolean' | 'array' };

export type ElicitationRequest =
  | {
      mode?: 'form';
      message: string;
      requestedSchema: { type: 'object'; properties: Record<string, FormField>; required?: string[] };
    }
  | { mode: 'url'; message: string; url: string; elicitationId: string };

export interface ElicitationAnswer {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
}

export interface SamplingMessage {
  role: 'user' | 'assistant';
  content: { type: 'text'; text: string };
}

export interface SamplingRequest {
  messages: SamplingMessage[];
  systemPrompt?: string;
  maxTokens: number;
  temperature?: number;
  modelPreferences?: { hints?: { name: string }[]; intelligencePriority?: number; speedPriority?: number };
}

export interface SamplingAnswer {
  role: 'assistant';
  content: { type: 'text'; text: string };
  model: string;
  stopReason?: string;
}

/**
 * Why a request to the client got no answer: the client cannot be asked (`unsupported`), did not
 * answer in time (`timeout`), the call was cancelled or its stream dropped (`cancelled`), or the
 * client answered with an error or a malformed result (`client_error`).
 */
export type ClientRequestFailure = 'unsupported' | 'timeout' | 'cancelled' | 'client_error';

export class ClientRequestError extends Error {
  constructor(
    readonly reason: ClientRequestFailure,
    message: string,
  ) {
    super(message);
  }
}

/** The client of a call that cannot be asked anything: a batch, a job, a client without the capability. */
export const noClient: ClientRequests = {
  elicitsForm: false,
  elicitsUrl: false,
  samples: false,
  elicit: () => Promise.reject(new ClientRequestError('unsupported', 'The client cannot be asked (no elicitation).')),
  sample: () => Promise.reject(new ClientRequestError('unsupported', 'The client cannot be asked (no sampling).')),
};
