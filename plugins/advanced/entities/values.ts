export const ENDPOINT_STATUSES = ['active', 'disabled_failing'] as const;
export type EndpointStatus = (typeof ENDPOINT_STATUSES)[number];

/** pending: an attempt is due; failed: the last attempt failed and another is scheduled. */
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'exhausted'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** What started an attempt. */
export const ATTEMPT_TRIGGERS = ['auto', 'redeliver', 'recover', 'test'] as const;
export type AttemptTrigger = (typeof ATTEMPT_TRIGGERS)[number];

export const FUNCTION_METHODS = ['POST', 'GET'] as const;
export type FunctionMethod = (typeof FUNCTION_METHODS)[number];

/** read: safe to retry once on a connection error; write: never retried, and offered only where enabled. */
export const SIDE_EFFECTS = ['read', 'write'] as const;
export type SideEffects = (typeof SIDE_EFFECTS)[number];

export const CALL_STATUSES = ['ok', 'error', 'timeout', 'invalid_arguments', 'blocked'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** Who called: the assistant in a conversation, or test_custom_function. */
export const CALL_SOURCES = ['assistant', 'test'] as const;
export type CallSource = (typeof CALL_SOURCES)[number];
