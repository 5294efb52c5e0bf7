import { randomBytes } from 'node:crypto';
import { invalidArguments, notFound, ToolError, type Paging, type Services } from '../../../../core/index.js';
import { SURFACES } from '../../../prompt/surface.js';
import { CustomFunction } from '../../entities/custom-function.entity.js';
import type { FunctionMethod, SideEffects } from '../../entities/values.js';
import { checkParametersSchema } from './function-schema.js';
import { checkHttpsUrl } from '../https-url.js';

const MAX_FUNCTIONS = 50;
const NAME = /^[a-z][a-z0-9_]{0,39}$/;
/** Headers the server sets itself: a shop's header cannot replace the signature or the body's type. */
const RESERVED_HEADER = /^(content-type|content-length|host|user-agent|x-switchboard-.*|webhook-.*)$/i;

export interface FunctionFields {
  name?: string;
  description?: string;
  parameters?: Record<string, unknown>;
  url?: string;
  method?: FunctionMethod;
  headers?: Record<string, string> | null;
  timeout_seconds?: number;
  surfaces?: string[];
  side_effects?: SideEffects;
  response_max_chars?: number;
  is_enabled?: boolean;
}

const newSecret = () => `fsec_${randomBytes(24).toString('base64url')}`;

/** The shop's custom functions: checked on every write, headers and secret sealed. */
export class CustomFunctionsService {
  constructor(private readonly deps: Services) {}

  async create(fields: FunctionFields & Required<Pick<FunctionFields, 'name' | 'description' | 'parameters' | 'url'>>) {
    const { em, shop, secrets } = this.deps;
    const count = await em.count(CustomFunction, { shopId: shop.id });
    if (count >= MAX_FUNCTIONS)
      throw new ToolError('custom_function_limit_reached', `A shop has at most ${MAX_FUNCTIONS} custom functions.`, {
        current_count: count,
        max_allowed: MAX_FUNCTIONS,
      });
    await this.checkName(fields.name);
    const checkedUrl = await checkHttpsUrl(this.deps.networkGuard, fields.url, 'url');
    const secret = newSecret();
    const fn = em.create(CustomFunction, {
      shopId: shop.id,
      name: fields.name,
      description: fields.description,
      parameters: checkParametersSchema(fields.parameters),
      url: checkedUrl.url,
      method: fields.method ?? 'POST',
      headersSealed: null,
      headerNames: [],
      timeoutSeconds: fields.timeout_seconds ?? 10,
      surfaces: this.checkSurfaces(fields.surfaces ?? ['all']),
      sideEffects: fields.side_effects ?? 'read',
      responseMaxChars: fields.response_max_chars ?? 4_000,
      isEnabled: fields.is_enabled ?? true,
      secretSealed: secrets.seal(secret),
    });
    this.setHeaders(fn, fields.headers ?? null);
    await em.flush();
    return { fn, secret, warnings: checkedUrl.warning ? [checkedUrl.warning] : [] };
  }

  async update(id: number, fields: FunctionFields, rotateSecret: boolean) {
    const fn = await this.get(id);
    const { em, secrets } = this.deps;
    if (Object.keys(fields).length === 0 && !rotateSecret)
      throw invalidArguments('Nothing to change: give at least one field, or rotate_secret: true.');
    if (fields.name !== undefined && fields.name !== fn.name) {
      await this.checkName(fields.name);
      fn.name = fields.name;
    }
    if (fields.description !== undefined) fn.description = fields.description;
    if (fields.parameters !== undefined) fn.parameters = checkParametersSchema(fields.parameters);
    const warnings: string[] = [];
    if (fields.url !== undefined) {
      const checked = await checkHttpsUrl(this.deps.networkGuard, fields.url, 'url');
      fn.url = checked.url;
      if (checked.warning) warnings.push(checked.warning);
    }
    if (fields.method !== undefined) fn.method = fields.method;
    if (fields.headers !== undefined) this.setHeaders(fn, fields.headers);
    if (fields.timeout_seconds !== undefined) fn.timeoutSeconds = fields.timeout_seconds;
    if (fields.surfaces !== undefined) fn.surfaces = this.checkSurfaces(fields.surfaces);
    if (fields.side_effects !== undefined) fn.sideEffects = fields.side_effects;
    if (fields.response_max_chars !== undefined) fn.responseMaxChars = fields.response_max_chars;
    if (fields.is_enabled !== undefined) fn.isEnabled = fields.is_enabled;
    let secret: string | null = null;
    if (rotateSecret) {
      secret = newSecret();
      fn.secretSealed = secrets.seal(secret);
    }
    await em.flush();
    return { fn, secret, warnings };
  }

  async delete(id: number): Promise<void> {
    const fn = await this.get(id);
    await this.deps.em.remove(fn).flush();
  }

  async get(id: number): Promise<CustomFunction> {
    const fn = await this.deps.em.findOne(CustomFunction, { id, shopId: this.deps.shop.id });
    if (!fn) throw notFound('custom_function', id);
    return fn;
  }

  async list(filters: { surface?: string; is_enabled?: boolean }, paging: Paging) {
    const where = {
      shopId: this.deps.shop.id,
      ...(filters.is_enabled !== undefined && { isEnabled: filters.is_enabled }),
    };
    const all = await this.deps.em.find(CustomFunction, where, { orderBy: { name: 'asc' } });
    const rows = filters.surface ? all.filter((f) => offeredOn(f, filters.surface!)) : all;
    return { rows: rows.slice(paging.offset, paging.offset + paging.limit), count: rows.length };
  }

  /** The enabled functions the assistant may call on a surface. */
  async enabledOn(surface: string): Promise<CustomFunction[]> {
    const fns = await this.deps.em.find(CustomFunction, { shopId: this.deps.shop.id, isEnabled: true });
    return fns.filter((f) => offeredOn(f, surface));
  }

  async byName(name: string): Promise<CustomFunction | null> {
    return this.deps.em.findOne(CustomFunction, { shopId: this.deps.shop.id, name });
  }

  /** The sealed headers, opened for a request. */
  headersOf(fn: CustomFunction): Record<string, string> {
    return fn.headersSealed ? (JSON.parse(this.deps.secrets.open(fn.headersSealed)) as Record<string, string>) : {};
  }

  private setHeaders(fn: CustomFunction, headers: Record<string, string> | null): void {
    const entries = Object.entries(headers ?? {});
    const bad = entries.filter(([name]) => RESERVED_HEADER.test(name) || !/^[A-Za-z0-9-]{1,64}$/.test(name));
    if (bad.length > 0)
      throw invalidArguments(
        `Header${bad.length > 1 ? 's' : ''} ${bad.map(([n]) => n).join(', ')} cannot be set: names are letters, digits and dashes, and the server sets Content-Type, User-Agent and the signature headers itself.`,
        bad.map(([n]) => ({ path: `headers.${n}`, message: 'not allowed' })),
      );
    fn.headerNames = entries.map(([name]) => name);
    fn.headersSealed = entries.length > 0 ? this.deps.secrets.seal(JSON.stringify(Object.fromEntries(entries))) : null;
  }

  private async checkName(name: string): Promise<void> {
    if (!NAME.test(name))
      throw invalidArguments(
        `name "${name}" must be lower case letters, digits and _, starting with a letter (≤ 40).`,
        [{ path: 'name', message: 'invalid name' }],
      );
    const taken = await this.byName(name);
    if (taken)
      throw new ToolError('conflict', `The shop already has a custom function named ${name}.`, {
        function_id: taken.id,
      });
  }

  private checkSurfaces(surfaces: string[]): string[] {
    const unknown = surfaces.filter((s) => !(SURFACES as readonly string[]).includes(s));
    if (unknown.length > 0 || surfaces.length === 0)
      throw invalidArguments(`surfaces must be among ${SURFACES.join(', ')}.`, [
        { path: 'surfaces', message: unknown.length > 0 ? `unknown: ${unknown.join(', ')}` : 'empty' },
      ]);
    return [...new Set(surfaces)];
  }
}

export const offeredOn = (fn: CustomFunction, surface: string) =>
  fn.surfaces.includes('all') || fn.surfaces.includes(surface);
