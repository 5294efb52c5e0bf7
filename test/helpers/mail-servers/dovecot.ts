import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import { ImapFlow } from 'imapflow';
import { freePort } from '../server-process.js';
import { selfSignedCertificate } from './tls-certificate.js';
import { waitFor } from '../wait-for.js';

const BINARY = ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot'].find(
  (path) => spawnSync('test', ['-x', path]).status === 0,
);

/** A real Dovecot IMAP server on loopback: implicit TLS and STARTTLS ports, passwd-file users, maildirs in a temp folder. */
export interface Dovecot {
  host: string;
  /** Implicit TLS (as 993). */
  port: number;
  /** Plain greeting, STARTTLS required before login (as 143). */
  starttlsPort: number;
  /** The CA to trust (the servers' self-signed certificate). */
  caPem: string;
  certPath: string;
  keyPath: string;
  /** Makes an OAuth2 access token log `user` in (XOAUTH2): Dovecot asks the harness's introspection endpoint. */
  grantToken(user: string, token: string): void;
  /** Makes a token stop working (expired or revoked). */
  revokeToken(token: string): void;
  /** Adds a mailbox user. */
  addUser(user: string, password: string): void;
  /** Changes a user's password; resolves once Dovecot answers with the new one (it reads the file again after a second). */
  changePassword(user: string, password: string): Promise<void>;
  /** Gives a folder a new UIDVALIDITY, as a server does when it renumbers a folder (doveadm). */
  setUidValidity(user: string, folder: string, uidValidity: number): void;
  /** A logged-in client of a user, trusting the test CA. */
  client(user: string, password: string): Promise<ImapFlow>;
  stop(): Promise<void>;
}

let shared: Promise<Dovecot> | undefined;

/** The run's Dovecot, started on first use and stopped when the process exits. */
export function dovecot(): Promise<Dovecot> {
  shared ??= startDovecot();
  return shared;
}

async function startDovecot(): Promise<Dovecot> {
  if (!BINARY)
    throw new Error(
      'Dovecot is not installed: the email tests run against a real IMAP server. Install it with `apt-get install -y dovecot-imapd` (npm test does so as root).',
    );
  const dir = mkdtempSync(join(tmpdir(), 'sb-dovecot-'));
  const cert = selfSignedCertificate(dir);
  const [port, starttlsPort] = [await freePort(), await freePort()];
  const introspection = await introspectionServer();
  const mailDir = join(dir, 'mail');
  const users = join(dir, 'users');
  chmodSync(dir, 0o755);
  for (const sub of ['run', 'state', 'mail', 'users']) mkdirSync(join(dir, sub));
  const root = userInfo().uid === 0;
  // As root, Dovecot drops to its own users; otherwise everything runs as the current user.
  const mailUser = root ? 'dovecot' : userInfo().username;
  if (root) {
    const ids = spawnSync('id', ['-u', 'dovecot'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'dovecot'], { encoding: 'utf8' });
    chownSync(mailDir, Number(ids.stdout), Number(gid.stdout));
  }
  const config = `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = required
ssl_cert = <${cert.certPath}
ssl_key = <${cert.keyPath}
auth_mechanisms = plain login xoauth2 oauthbearer
# Refused logins answer at once: Dovecot delays them (2 s, then growing per IP) against guessing.
auth_failure_delay = 0
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
mail_location = maildir:${mailDir}/%u
mail_uid = ${mailUser}
mail_gid = ${mailUser}
first_valid_uid = 1
${root ? '' : `default_login_user = ${mailUser}\ndefault_internal_user = ${mailUser}\n`}
passdb {
  driver = passwd-file
  mechanisms = plain login
  args = scheme=PLAIN username_format=%u ${users}/%u
}
passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = ${dir}/oauth2.conf.ext
}
userdb {
  driver = static
  args = uid=${mailUser} gid=${mailUser} home=${mailDir}/%u allow_all_users=yes
}
service imap-login {
  inet_listener imap {
    port = ${starttlsPort}
  }
  inet_listener imaps {
    port = ${port}
    ssl = yes
  }
}
namespace inbox {
  inbox = yes
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
}
`;
  writeFileSync(join(dir, 'dovecot.conf'), config);
  writeFileSync(
    join(dir, 'oauth2.conf.ext'),
    `introspection_mode = post\nintrospection_url = ${introspection.url}\nforce_introspection = yes\nusername_attribute = username\nactive_attribute = active\nactive_value = true\n`,
  );
  const child: ChildProcess = spawn(BINARY, ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: 'ignore' });
  const stop = async () => {
    introspection.server.close();
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', () => {
    child.kill('SIGKILL');
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // Dovecot's children may still be writing as the process ends; the temp folder is left behind.
    }
  });
  const server: Dovecot = {
    host: '127.0.0.1',
    port,
    starttlsPort,
    caPem: cert.certPem,
    certPath: cert.certPath,
    keyPath: cert.keyPath,
    grantToken(user, token) {
      introspection.tokens.set(token, user);
    },
    revokeToken(token) {
      introspection.tokens.delete(token);
    },
    addUser(user, password) {
      writeFileSync(join(users, user), `${user}:{PLAIN}${password}::::::\n`);
    },
    async changePassword(user, password) {
      server.addUser(user, password);
      await new Promise((resolve) => setTimeout(resolve, 1100));
    },
    setUidValidity(user, folder, uidValidity) {
      const run = spawnSync(
        'doveadm',
        [
          '-c',
          join(dir, 'dovecot.conf'),
          'mailbox',
          'update',
          '-u',
          user,
          '--uid-validity',
          String(uidValidity),
          folder,
        ],
        { encoding: 'utf8' },
      );
      if (run.status !== 0) throw new Error(`doveadm mailbox update failed: ${run.stderr}`);
    },
    async client(user, password) {
      const client = new ImapFlow({
        host: '127.0.0.1',
        port,
        secure: true,
        auth: { user, pass: password },
        tls: { ca: [cert.certPem] },
        logger: false,
        disableAutoIdle: true,
      });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    },
    stop,
  };
  await waitFor(
    'Dovecot to accept connections',
    async () => {
      server.addUser('probe@example.test', 'probe');
      try {
        const c = await server.client('probe@example.test', 'probe');
        await c.logout();
        return true;
      } catch {
        return false;
      }
    },
    15_000,
  );
  return server;
}

/**
 * The token introspection endpoint (RFC 7662) Dovecot's oauth2 passdb asks about XOAUTH2 logins:
 * a token is active while the harness says so, for the user it was granted to.
 */
async function introspectionServer(): Promise<{ url: string; tokens: Map<string, string>; server: Server }> {
  const tokens = new Map<string, string>();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const token =
        new URLSearchParams(body).get('token') ?? (request.headers.authorization ?? '').replace(/^Bearer /, '');
      const user = tokens.get(token);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(user ? { active: 'true', username: user } : { active: 'false' }));
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/introspect`, tokens, server };
}
