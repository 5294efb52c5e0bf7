/**
 * The kernel's catalogue of coded errors. Boot and infrastructure failures are thrown as
 * KernelError so operators see a stable code (KRN_ERR_*) and tests can assert on it.
 */
export class KernelError extends Error {
  constructor(
    readonly code: KernelErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(`${code}: ${message}`);
    this.name = 'KernelError';
  }
}

export const KernelErrorCodes = {
  KRN_ERR_CONFIG_INVALID: 'configuration is invalid',
  KRN_ERR_CONFIG_FILE: 'configuration file could not be loaded',
  KRN_ERR_GROUP_NOT_FOUND: 'a configured tool group could not be found',
  KRN_ERR_GROUP_INVALID: 'a tool group manifest is invalid',
  KRN_ERR_GROUP_CONFIG_INVALID: 'a tool group configuration is invalid',
  KRN_ERR_GROUP_DEPENDENCY_MISSING: 'a tool group depends on a group that is not enabled',
  KRN_ERR_GROUP_DEPENDENCY_CYCLE: 'tool groups depend on each other in a cycle',
  KRN_ERR_GROUP_KERNEL_VERSION: 'a tool group needs another kernel version',
  KRN_ERR_DUPLICATE_TOOL: 'two tools share one name',
  KRN_ERR_DUPLICATE_SERVICE: 'two groups register a service under one name',
  KRN_ERR_UNDECLARED_SERVICE: 'a tool group resolves a service of a group it does not declare as a dependency',
  KRN_ERR_SERVICE_PER_CALL: 'a tool group resolves outside a call a service that is built per call',
  KRN_ERR_DUPLICATE_JOB: 'two jobs share one name',
  KRN_ERR_DUPLICATE_RESOURCE: 'two resources share one URI, or two resource templates one pattern',
  KRN_ERR_DUPLICATE_PROMPT: 'two prompts share one name',
  KRN_ERR_URI_TEMPLATE: 'a resource template uses more than {name} variables',
  KRN_ERR_TOOL_INVALID: 'a tool definition is invalid',
  KRN_ERR_TOOL_HINTS: 'a tool does not state all four MCP hints',
  KRN_ERR_JOB_INVALID: 'a job definition is invalid',
  KRN_ERR_METRIC_INVALID: 'a metric is declared twice, misnamed, or counted without being declared',
  KRN_ERR_RETENTION_INVALID:
    'a retention rule names a table or column that is not a plain identifier, or a table no entity maps',
  KRN_ERR_DUE_ROWS_INVALID: 'a claim of due rows names a table or column that is not a plain identifier',
  KRN_ERR_DATA_DIR_LOCKED: 'the data folder is in use by another process',
  KRN_ERR_DATABASE: 'the database could not be reached or migrated',
  KRN_ERR_NO_TENANT: 'a tenant-scoped operation ran without a shop',
  KRN_ERR_CROSS_TENANT_WRITE: 'a write named another shop',
  KRN_ERR_TENANT_UNSAFE_UPSERT: 'an upsert of a tenant-owned entity does not resolve conflicts per shop',
  KRN_ERR_SECRET_INVALID: 'SWITCHBOARD_SECRET is invalid',
  KRN_ERR_OUTBOX_TOPIC: 'no enabled tool group delivers this outbox topic',
  KRN_ERR_OUTBOX_NO_TRANSACTION: 'an outbox message was written outside a transaction',
} as const;

export type KernelErrorCode = keyof typeof KernelErrorCodes;
