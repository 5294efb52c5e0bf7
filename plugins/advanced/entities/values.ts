export const ENDPOINT_STATUSES = ['active', 'disabled_failing'] as const;
export type EndpointStatus = (typeof ENDPOINT_STATUSES)[number];

/** pending: an attempt is due; failed: the last attempt failed and another is scheduled. */
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'exhausted'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** What started an attempt. */
export const ATTEMPT_TRIGGERS = ['auto', 'redeliver', 'recover', 'test'] as const;
export type AttemptTrigger = (typeof ATTEMPT_TRIGGERS)[number];
