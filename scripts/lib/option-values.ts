// Option strings → checked values. Every complaint names the flag, so the operator knows what to fix.
import { UsageError } from './cli-errors.js';

export function required(value: string | undefined, flag: string): string {
  if (value === undefined) throw new UsageError(`--${flag} is required`);
  return value;
}

export function integer(value: string, flag: string, min: number, max: number): number {
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

export function text(value: string, flag: string, maxLength: number): string {
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > maxLength) {
    throw new UsageError(`--${flag} must be 1 to ${maxLength} characters, got ${trimmed.length}`);
  }
  return trimmed;
}

/** The IANA name as the runtime spells it ("utc" → "UTC"). */
export function timezone(value: string, flag: string): string {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    throw new UsageError(`--${flag} must be an IANA time zone such as Europe/Madrid, got "${value}"`);
  }
}

export function locale(value: string, flag: string, maxLength: number): string {
  let canonical: string | undefined;
  try {
    canonical = Intl.getCanonicalLocales(value)[0];
  } catch {
    // reported below
  }
  if (!canonical || canonical.length > maxLength) {
    throw new UsageError(`--${flag} must be a BCP 47 language tag such as en or pt-BR, got "${value}"`);
  }
  return canonical;
}

const currencies = new Set(Intl.supportedValuesOf('currency'));

export function currency(value: string, flag: string): string {
  const code = value.toUpperCase();
  if (!currencies.has(code))
    throw new UsageError(`--${flag} must be an ISO 4217 currency code such as EUR, got "${value}"`);
  return code;
}
