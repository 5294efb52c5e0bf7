import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../core/config/load-config.js';
import { KernelError } from '../core/errors/kernel-error.js';
import defaults from '../config/default.js';

const jsonFile = fileURLToPath(new URL('./fixtures/config/switchboard.json', import.meta.url));
const moduleFile = fileURLToPath(new URL('./fixtures/config/switchboard.config.ts', import.meta.url));

const enabledGroups = (config: { groups: Record<string, { enabled: boolean }> }) =>
  Object.entries(config.groups)
    .filter(([, g]) => g.enabled)
    .map(([name]) => name)
    .sort();

async function configError(work: Promise<unknown>): Promise<KernelError> {
  try {
    await work;
  } catch (err) {
    expect(err).to.be.instanceOf(KernelError);
    return err as KernelError;
  }
  expect.fail('expected loadConfig to fail');
}

const FULL_ENV = {
  PORT: '4300',
  HOST: '::1',
  DATABASE_URL: 'postgresql://env@db.example:5432/switchboard',
  DATA_DIR: '/var/lib/switchboard',
  PUBLIC_BASE_URL: 'https://mcp.example.com',
  SWITCHBOARD_SECRET: 'env-secret-env-secret-0123456789',
  ALLOWED_ORIGINS: 'https://a.example, https://b.example',
};

describe('config: loadConfig', () => {
  it('with nothing set: the built-in defaults and the groups of config/default.ts', async () => {
    const config = await loadConfig({ env: {} });
    expect(config.server).to.deep.equal({
      host: '127.0.0.1',
      port: 3000,
      bodyLimitBytes: 1_048_576,
      allowedOrigins: [],
      shutdownGraceMs: 10_000,
      maxBatchLength: 100,
      compressMinBytes: 1024,
      elicitationTimeoutSeconds: 300,
      samplingTimeoutSeconds: 60,
      trustProxy: false,
    });
    expect(config.database).to.deep.equal({
      dataDir: './data',
      migrateOnStart: true,
      poolMax: 10,
      ownStatementsPoolMax: 4,
      createDemoShop: true,
      embeddedSharedBuffersMb: 32,
    });
    expect(config.secret).to.equal(undefined);
    expect(config.logLevel).to.equal('info');
    expect(config.tools.pageSize).to.equal(0);
    expect(config.confirmation.ttlSeconds).to.equal(600);
    expect(config.jobs.enabled).to.equal(true);
    expect(Object.keys(config.groups)).to.have.members(Object.keys(defaults.groups ?? {}));
    expect(config.groups.general).to.deep.equal({ enabled: true });
  });

  it('a JSON file named by SWITCHBOARD_CONFIG overrides the defaults and keeps the rest', async () => {
    const config = await loadConfig({ env: { SWITCHBOARD_CONFIG: jsonFile } });
    expect(config.server).to.include({ port: 4100, host: '0.0.0.0', bodyLimitBytes: 1_048_576 });
    expect(config.server.allowedOrigins).to.deep.equal(['https://file.example']);
    expect(config.database).to.include({ poolMax: 4, migrateOnStart: true });
    expect(config.logLevel).to.equal('warn');
    expect(config.groups.general).to.deep.equal({ enabled: true });
    expect(config.groups.fx_vendor).to.deep.equal({
      enabled: true,
      resolve: 'switchboard-group-fx-vendor',
      config: { greeting: 'Hi' },
    });
  });

  it('an ES module (.ts) file named by SWITCHBOARD_CONFIG works the same way', async () => {
    const config = await loadConfig({ env: { SWITCHBOARD_CONFIG: moduleFile } });
    expect(config.server.port).to.equal(4200);
    expect(config.confirmation.ttlSeconds).to.equal(120);
    expect(config.groups.general).to.deep.equal({ enabled: false });
  });

  it('environment variables override the file', async () => {
    const config = await loadConfig({ env: { SWITCHBOARD_CONFIG: jsonFile, ...FULL_ENV } });
    expect(config.server).to.include({ port: 4300, host: '::1', publicBaseUrl: 'https://mcp.example.com' });
    expect(config.server.allowedOrigins).to.deep.equal(['https://a.example', 'https://b.example']);
    expect(config.database).to.include({ url: FULL_ENV.DATABASE_URL, dataDir: '/var/lib/switchboard', poolMax: 4 });
    expect(config.secret).to.equal(FULL_ENV.SWITCHBOARD_SECRET);
    expect(config.logLevel).to.equal('warn');
  });

  it('an empty ALLOWED_ORIGINS clears the list', async () => {
    const config = await loadConfig({ env: { SWITCHBOARD_CONFIG: jsonFile, ALLOWED_ORIGINS: '' } });
    expect(config.server.allowedOrigins).to.deep.equal([]);
  });

  it('explicit overrides win over the environment, merged field by field', async () => {
    const config = await loadConfig({
      env: { SWITCHBOARD_CONFIG: jsonFile, ...FULL_ENV },
      overrides: { server: { port: 5000 }, database: { migrateOnStart: false } },
    });
    expect(config.server).to.include({ port: 5000, host: '::1' });
    expect(config.database).to.include({ url: FULL_ENV.DATABASE_URL, migrateOnStart: false, poolMax: 4 });
  });

  it('SWITCHBOARD_GROUPS=a,b enables exactly those groups and keeps their settings', async () => {
    const config = await loadConfig({
      env: { SWITCHBOARD_CONFIG: jsonFile, SWITCHBOARD_GROUPS: 'fx_vendor, fx_extra' },
    });
    expect(enabledGroups(config)).to.deep.equal(['fx_extra', 'fx_vendor']);
    expect(config.groups.general).to.deep.equal({ enabled: false });
    expect(config.groups.fx_vendor).to.deep.equal({
      enabled: true,
      resolve: 'switchboard-group-fx-vendor',
      config: { greeting: 'Hi' },
    });
    for (const name of Object.keys(defaults.groups ?? {})) expect(config.groups[name]?.enabled, name).to.equal(false);

    const none = await loadConfig({ env: { SWITCHBOARD_GROUPS: '' } });
    expect(enabledGroups(none)).to.deep.equal([]);
  });

  it('overrides can still switch a group on after SWITCHBOARD_GROUPS', async () => {
    const config = await loadConfig({
      env: { SWITCHBOARD_GROUPS: 'fx_extra' },
      overrides: { groups: { general: { enabled: true } } },
    });
    expect(enabledGroups(config)).to.deep.equal(['fx_extra', 'general']);
  });

  it('an invalid config → KRN_ERR_CONFIG_INVALID listing every bad path at once', async () => {
    const err = await configError(loadConfig({ env: { PORT: 'abc', PUBLIC_BASE_URL: 'ftp://files.example' } }));
    expect(err.code).to.equal('KRN_ERR_CONFIG_INVALID');
    const paths = (err.details?.errors as { path: string }[]).map((e) => e.path);
    expect(paths).to.have.members(['server.port', 'server.publicBaseUrl']);
    expect(err.message).to.contain('server.port').and.contain('server.publicBaseUrl');
  });

  it('unknown keys, wrong types and values out of range are all reported', async () => {
    const err = await configError(
      loadConfig({
        env: { DATABASE_URL: 'mysql://nope' },
        overrides: { jobs: { enabled: 'yes' as unknown as boolean }, tools: { pageSize: -1 }, colour: 'red' } as Record<
          string,
          unknown
        >,
      }),
    );
    expect(err.code).to.equal('KRN_ERR_CONFIG_INVALID');
    const paths = (err.details?.errors as { path: string }[]).map((e) => e.path);
    expect(paths).to.have.members(['database.url', 'jobs.enabled', 'tools.pageSize', 'colour']);
  });

  it('a group key that is not a valid group name is an error, also from SWITCHBOARD_GROUPS', async () => {
    const fromOverrides = await configError(
      loadConfig({
        env: {},
        overrides: { groups: { 'Bad-Name': { enabled: true }, tickets: { enabled: true, colour: 1 } as never } },
      }),
    );
    expect(fromOverrides.code).to.equal('KRN_ERR_CONFIG_INVALID');
    const errors = fromOverrides.details?.errors as { path: string; message: string }[];
    expect(errors.map((e) => e.path)).to.have.members(['groups.Bad-Name', 'groups.tickets.colour']);
    expect(errors.find((e) => e.path === 'groups.Bad-Name')!.message).to.contain('^[a-z][a-z0-9_]*$');

    const fromEnv = await configError(loadConfig({ env: { SWITCHBOARD_GROUPS: 'general,Tickets' } }));
    expect((fromEnv.details?.errors as { path: string }[]).map((e) => e.path)).to.deep.equal(['groups.Tickets']);
  });

  it('a config file that cannot be read → KRN_ERR_CONFIG_FILE', async () => {
    const err = await configError(loadConfig({ env: { SWITCHBOARD_CONFIG: '/nonexistent/switchboard.json' } }));
    expect(err.code).to.equal('KRN_ERR_CONFIG_FILE');
    expect(err.message).to.contain('/nonexistent/switchboard.json');
  });

  it('the result is deeply frozen', async () => {
    const config = await loadConfig({ env: { SWITCHBOARD_CONFIG: jsonFile } });
    for (const part of [
      config,
      config.server,
      config.server.allowedOrigins,
      config.database,
      config.groups,
      config.groups.fx_vendor,
      config.groups.fx_vendor!.config,
    ]) {
      expect(Object.isFrozen(part)).to.equal(true);
    }
    expect(() => {
      (config.server as { port: number }).port = 1;
    }).to.throw(TypeError);
    expect(() => {
      (config.server.allowedOrigins as string[]).push('https://evil.example');
    }).to.throw(TypeError);
    expect(config.server.port).to.equal(4100);
  });
});
