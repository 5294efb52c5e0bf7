import { DateTime } from 'luxon';
import type { Services } from '../../../../core/index.js';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/**
 * Whether the shop is open at `at` by the account group's business hours. A shop that set none (or
 * runs without account) counts as always open: "outside hours" rules then never fire.
 */
export async function isOpen(deps: Services, at: Date): Promise<boolean> {
  if (!deps.kernelCatalog.names().includes('account')) return true;
  const hours = await deps.accountService.businessHours();
  if (!hours) return true;
  const local = DateTime.fromJSDate(at, { zone: deps.shop.timezone });
  const minute = local.hour * 60 + local.minute;
  const ranges = (hours as Record<string, { open: string; close: string }[]>)[WEEKDAYS[local.weekday - 1]!] ?? [];
  const minutes = (hhmm: string) => (hhmm === '24:00' ? 1440 : Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)));
  return ranges.some((r) => minute >= minutes(r.open) && minute < minutes(r.close));
}
