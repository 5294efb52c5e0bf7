import { invalidArguments, notFound, sql, asEntities, type Services } from '../../../core/index.js';
import { AppointmentType } from '../entities/appointment-type.entity.js';
import { requireChanges } from './require-changes.js';

export interface ServiceFields {
  name?: string;
  description?: string | null;
  duration_minutes?: number;
  buffer_before_minutes?: number;
  buffer_after_minutes?: number;
  max_concurrent?: number;
  price?: string | null;
  currency?: string;
  requires_confirmation?: boolean;
}

const PRICE = /^\d{1,12}(\.\d{1,4})?$/;
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

function checkMoney(fields: ServiceFields): void {
  const problems = [];
  if (fields.price !== undefined && fields.price !== null && !PRICE.test(fields.price))
    problems.push({ path: 'price', message: 'must be a decimal such as 25 or 25.50' });
  if (fields.currency !== undefined && !CURRENCIES.has(fields.currency.toUpperCase()))
    problems.push({ path: 'currency', message: 'must be an ISO 4217 code such as EUR' });
  if (problems.length > 0) throw invalidArguments(problems.map((p) => `${p.path} ${p.message}`).join('; '), problems);
}

/** The bookable services of a calendar. Deleting one hides it; its bookings keep their copy. */
export class CalendarServicesService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  async create(calendarId: number, fields: ServiceFields & { name: string; duration_minutes: number }) {
    await this.deps.calendarsService.get(calendarId);
    checkMoney(fields);
    const service = this.em.create(AppointmentType, {
      calendarId,
      name: fields.name,
      description: fields.description ?? null,
      durationMinutes: fields.duration_minutes,
      bufferBeforeMinutes: fields.buffer_before_minutes ?? 0,
      bufferAfterMinutes: fields.buffer_after_minutes ?? 0,
      maxConcurrent: fields.max_concurrent ?? 1,
      price: fields.price ?? null,
      currency: (fields.currency ?? this.deps.shop.currency).toUpperCase(),
      requiresConfirmation: fields.requires_confirmation ?? false,
    } as AppointmentType);
    await this.em.flush();
    return service;
  }

  async list(calendarId: number): Promise<AppointmentType[]> {
    await this.deps.calendarsService.get(calendarId);
    return this.em.find(AppointmentType, { calendarId, deletedAt: null }, { orderBy: { id: 'asc' } });
  }

  /** Read with a plain statement as an entity, as calendarsService.get: every booking reads its service. */
  async get(id: number): Promise<AppointmentType> {
    const [row] = await sql(
      this.em,
      'select * from calendar_services where shop_id = $1 and id = $2 and deleted_at is null',
      [this.deps.shop.id, id],
    );
    if (!row) throw notFound('service', id);
    return asEntities(this.em, AppointmentType, [row])[0]!;
  }

  /** A change applies to bookings made from now on; existing bookings keep what they were booked with. */
  async update(id: number, fields: ServiceFields): Promise<AppointmentType> {
    const service = await this.get(id);
    requireChanges(fields, 'service_id');
    checkMoney(fields);
    if (fields.name !== undefined) service.name = fields.name;
    if (fields.description !== undefined) service.description = fields.description;
    if (fields.duration_minutes !== undefined) service.durationMinutes = fields.duration_minutes;
    if (fields.buffer_before_minutes !== undefined) service.bufferBeforeMinutes = fields.buffer_before_minutes;
    if (fields.buffer_after_minutes !== undefined) service.bufferAfterMinutes = fields.buffer_after_minutes;
    if (fields.max_concurrent !== undefined) service.maxConcurrent = fields.max_concurrent;
    if (fields.price !== undefined) service.price = fields.price;
    if (fields.currency !== undefined) service.currency = fields.currency.toUpperCase();
    if (fields.requires_confirmation !== undefined) service.requiresConfirmation = fields.requires_confirmation;
    await this.em.flush();
    return service;
  }

  async delete(id: number): Promise<void> {
    const service = await this.get(id);
    service.deletedAt = new Date();
    await this.em.flush();
  }
}
