const REPLY_PREFIX = /^\s*((re|aw|sv|vs|antw|ref|rif|r|res|odp|wg|fwd?|tr|rv|enc)\s*(\[\d+\])?\s*:\s*)+/i;

/** A subject as threads compare it: without reply and forward prefixes, spaces collapsed, lower case. */
export const subjectKey = (subject: string): string =>
  subject.replace(REPLY_PREFIX, '').replace(/\s+/g, ' ').trim().toLowerCase().slice(0, 200);

/** Whether a subject says it answers something (Re:, AW:, SV:…): only those may join a thread by subject. */
export const isReplySubject = (subject: string): boolean =>
  /^\s*(re|aw|sv|vs|antw|odp|res|rif|r)\s*(\[\d+\])?\s*:/i.test(subject);
