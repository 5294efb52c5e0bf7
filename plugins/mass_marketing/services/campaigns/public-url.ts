import { isIP } from 'node:net';

/**
 * Why `raw` is not a public http(s) URL, or null when it is. Media is fetched by the network from
 * this address, so it must be reachable from the internet: no other scheme, no credentials, no
 * local or private host (loopback, RFC 1918, link-local, unique-local, `.local`/`.internal`/
 * `localhost` names). Checked on the text of the URL; names are not resolved.
 */
export function publicUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must use http or https';
  if (url.username || url.password) return 'must not carry credentials';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === '') return 'has no host';
  const kind = isIP(host);
  if (kind === 4) return privateIpv4(host) ? 'points to a private or local address' : null;
  if (kind === 6) return privateIpv6(host) ? 'points to a private or local address' : null;
  if (host === 'localhost' || /\.(localhost|local|internal|lan|home|corp|intranet)$/.test(host) || !host.includes('.'))
    return 'is not a public host name';
  return null;
}

function privateIpv4(ip: string): boolean {
  const [a, b] = ip.split('.').map(Number) as [number, number];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127) ||
    a >= 224
  );
}

function privateIpv6(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return privateIpv4(mapped[1]!);
  // The URL parser writes a mapped IPv4 address in hex (::ffff:7f00:1).
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(ip);
  if (hex) {
    const [hi, lo] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
    return privateIpv4(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  return ip === '::' || ip === '::1' || /^f[cd]/.test(ip) || /^fe[89ab]/.test(ip) || /^ff/.test(ip);
}
