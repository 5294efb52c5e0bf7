import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import defaults from '../../config/default.js';
import { KernelError } from '../errors/kernel-error.js';
import { ConfigSchema, type ConfigOverrides, type SwitchboardConfig } from './config-schema.js';
import { describeErrors } from './schema-errors.js';

const validator = Compile(ConfigSchema);

export interface LoadConfigOptions {
  /** Applied last, after the file and the environment: how tests pin what they need. */
  overrides?: ConfigOverrides;
  env?: NodeJS.ProcessEnv;
}

/**
 * Precedence, lowest first: config/default.ts → the file named by SWITCHBOARD_CONFIG (JSON or an
 * ES module with a default export) → environment variables → explicit overrides. The result is
 * validated once, defaulted and frozen: nothing downstream re-checks or mutates it.
 */
export async function loadConfig(options: LoadConfigOptions = {}): Promise<Readonly<SwitchboardConfig>> {
  const env = options.env ?? process.env;
  let merged: ConfigTree = structuredClone(defaults) as ConfigTree;
  if (env.SWITCHBOARD_CONFIG) merged = deepMerge(merged, await readConfigFile(env.SWITCHBOARD_CONFIG));
  merged = deepMerge(merged, fromEnvironment(env, merged));
  if (options.overrides) merged = deepMerge(merged, options.overrides as ConfigTree);
  return finalizeConfig(merged);
}

export function finalizeConfig(raw: Record<string, unknown>): Readonly<SwitchboardConfig> {
  const withDefaults = Value.Default(ConfigSchema, structuredClone(raw));
  if (!validator.Check(withDefaults)) {
    const errors = describeErrors(validator.Errors(withDefaults));
    throw new KernelError(
      'KRN_ERR_CONFIG_INVALID',
      `invalid configuration: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`,
      { errors },
    );
  }
  const config = withDefaults as SwitchboardConfig;
  // A delivery still running when its lease ends would be handed to a second relay while it goes on.
  if (config.outbox.deliveryTimeoutMs >= config.outbox.leaseMs)
    throw new KernelError(
      'KRN_ERR_CONFIG_INVALID',
      'invalid configuration: /outbox/deliveryTimeoutMs must be below /outbox/leaseMs',
      {
        errors: [{ path: '/outbox/deliveryTimeoutMs', message: 'must be below /outbox/leaseMs' }],
      },
    );
  return deepFreeze(config);
}

async function readConfigFile(path: string): Promise<ConfigTree> {
  const absolute = resolve(path);
  try {
    if (absolute.endsWith('.json')) return JSON.parse(await readFile(absolute, 'utf8'));
    const mod = await import(pathToFileURL(absolute).href);
    return mod.default ?? mod;
  } catch (err) {
    throw new KernelError('KRN_ERR_CONFIG_FILE', `cannot load ${absolute}: ${(err as Error).message}`);
  }
}

interface EnvironmentConfig {
  server: Record<string, unknown>;
  database: Record<string, unknown>;
  metrics?: Record<string, unknown>;
  redis?: Record<string, unknown>;
  secret?: string;
  logLevel?: string;
  groups?: Record<string, ConfigTree>;
}

function fromEnvironment(env: NodeJS.ProcessEnv, current: ConfigTree): EnvironmentConfig {
  const out: EnvironmentConfig = { server: {}, database: {} };
  if (env.PORT !== undefined) out.server.port = Number(env.PORT);
  if (env.HOST) out.server.host = env.HOST;
  if (env.PUBLIC_BASE_URL) out.server.publicBaseUrl = env.PUBLIC_BASE_URL;
  if (env.ALLOWED_ORIGINS !== undefined) out.server.allowedOrigins = splitList(env.ALLOWED_ORIGINS);
  if (env.DATABASE_URL) out.database.url = env.DATABASE_URL;
  if (env.DATA_DIR) out.database.dataDir = env.DATA_DIR;
  if (env.METRICS_TOKEN) out.metrics = { token: env.METRICS_TOKEN };
  if (env.REDIS_URL) out.redis = { url: env.REDIS_URL };
  if (env.SWITCHBOARD_SECRET) out.secret = env.SWITCHBOARD_SECRET;
  if (env.LOG_LEVEL) out.logLevel = env.LOG_LEVEL;
  if (env.SWITCHBOARD_GROUPS !== undefined) {
    // The list is the whole truth: named groups on, every other configured group off.
    const wanted = new Set(splitList(env.SWITCHBOARD_GROUPS));
    const configured = isPlainObject(current.groups) ? current.groups : {};
    const groups: Record<string, ConfigTree> = {};
    for (const name of new Set([...Object.keys(configured), ...wanted])) {
      const entry = configured[name];
      groups[name] = { ...(isPlainObject(entry) ? entry : {}), enabled: wanted.has(name) };
    }
    out.groups = groups;
  }
  return out;
}

const splitList = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function deepMerge(base: ConfigTree, extra: object): ConfigTree {
  const out: ConfigTree = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = isPlainObject(value) && isPlainObject(current) ? deepMerge(current, value) : value;
  }
  return out;
}

/** Configuration as read from files and the environment, before validation gives it its type. */
type ConfigTree = Record<string, unknown>;

const isPlainObject = (v: unknown): v is ConfigTree => typeof v === 'object' && v !== null && !Array.isArray(v);

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
