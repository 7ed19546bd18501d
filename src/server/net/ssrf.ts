/**
 * Outbound requests to addresses a workspace admin typed (webhook URLs, the single sign-on issuer
 * and the endpoints its discovery names) must not reach the machine itself, its private network
 * or a cloud metadata service (SPEC.md §5, SSRF).
 *
 * Only public unicast addresses pass: ipaddr.js classifies every address, and anything but
 * `unicast` (loopback, private, CGNAT, link-local, multicast, unspecified, broadcast, reserved,
 * unique-local fc00::/7 — which holds fd00:ec2::254) is refused. So is every IPv6 address that
 * carries an IPv4 address inside it (EMBEDDED_IPV4, listed here rather than left to ipaddr.js,
 * which calls ::/96 unicast), whatever that IPv4 address is (docs/decisions/059). The check runs
 * twice: when the URL is saved (every address its name resolves to) and when a request connects
 * (`guardedLookup`, on the very address the socket will use), so a name that resolves elsewhere
 * later (DNS rebinding) is still refused.
 *
 * An operator may permit internal targets on purpose: CHORUS_WEBHOOK_ALLOW_HOSTS (webhooks) and
 * CHORUS_SSO_ALLOW_HOSTS (single sign-on) list host names and CIDR ranges that pass regardless
 * (src/config/env.ts). `guarded-fetch.ts` is a fetch built on this guard.
 */
import dns from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';
import type { ErrorReason } from '@/lib/error-codes';

export interface OutboundPolicy {
  /** Host names (lower case) allowed whatever they resolve to. */
  allowHosts: readonly string[];
  /** Address ranges allowed even when not public. */
  allowCidrs: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];
  /** Whether plain http is accepted (otherwise https only). */
  allowHttp: boolean;
}

export const STRICT_POLICY: OutboundPolicy = { allowHosts: [], allowCidrs: [], allowHttp: false };

/** Parses an allow list (CHORUS_WEBHOOK_ALLOW_HOSTS, CHORUS_SSO_ALLOW_HOSTS): comma-separated host names and CIDRs; throws on a malformed CIDR. */
export function parseAllowList(value: string | undefined): Pick<OutboundPolicy, 'allowHosts' | 'allowCidrs'> {
  const allowHosts: string[] = [];
  const allowCidrs: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const raw of (value ?? '').split(',')) {
    const item = raw.trim().toLowerCase();
    if (!item) continue;
    if (item.includes('/')) allowCidrs.push(ipaddr.parseCIDR(item));
    else if (ipaddr.isValid(item)) {
      const addr = ipaddr.parse(item);
      allowCidrs.push([addr, addr.kind() === 'ipv4' ? 32 : 128]);
    } else allowHosts.push(item.replace(/^\[|\]$/g, ''));
  }
  return { allowHosts, allowCidrs };
}

/** A cloud provider's instance metadata service (AWS, GCP, Azure: 169.254.169.254; AWS's IPv6 one). */
function isMetadataAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (bare === '169.254.169.254') return true;
  try {
    return ipaddr.parse(bare).toNormalizedString() === 'fd00:ec2:0:0:0:0:0:254';
  } catch {
    return false;
  }
}

/**
 * The IPv6 ranges that embed an IPv4 address: a host or a translator on the way turns them into
 * IPv4 traffic, so one of them can reach 10.0.0.1 or 169.254.169.254. Refused outright (decoding
 * the IPv4 address and judging it would add translators' rules for no real receiver).
 */
const EMBEDDED_IPV4: readonly (readonly [range: ipaddr.IPv6, bits: number, name: string])[] = (
  [
    ['::/96', 'IPv4-compatible'],
    ['::ffff:0:0/96', 'IPv4-mapped'],
    ['::ffff:0:0:0/96', 'IPv4-translated'],
    ['64:ff9b::/96', 'NAT64'],
    ['64:ff9b:1::/48', 'NAT64 (local use)'],
    ['2002::/16', '6to4'],
    ['2001::/32', 'Teredo'],
  ] as const
).map(([cidr, name]) => {
  const [range, bits] = ipaddr.IPv6.parseCIDR(cidr);
  return [range, bits, name] as const;
});

/** The name of the IPv4-embedding range an address is in, or null. */
function embeddedIpv4(addr: ipaddr.IPv4 | ipaddr.IPv6): string | null {
  if (addr.kind() !== 'ipv6') return null;
  return EMBEDDED_IPV4.find(([range, bits]) => addr.match(range, bits))?.[2] ?? null;
}

/** Why an address may not be reached, or null when it may (public unicast, or allowed by the operator). */
export function addressRefusal(address: string, policy: OutboundPolicy): string | null {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(address.replace(/^\[|\]$/g, ''));
  } catch {
    return `“${address}” is not an IP address`;
  }
  for (const [range, bits] of policy.allowCidrs) {
    if (range.kind() === addr.kind() && addr.match(range, bits)) return null;
    // An allowed IPv4 range also covers its IPv4-mapped IPv6 spelling.
    if (range.kind() === 'ipv4' && addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
      if ((addr as ipaddr.IPv6).toIPv4Address().match(range, bits)) return null;
    }
  }
  const range = addr.range();
  // :: and ::1 sit inside ::/96 but have names of their own.
  const embedded = range === 'unspecified' || range === 'loopback' ? null : embeddedIpv4(addr);
  if (embedded) return `it is an IPv6 address with an IPv4 address inside (${embedded}), which is never reached`;
  if (range === 'unicast') return null;
  if (isMetadataAddress(address)) return 'it points at a cloud metadata service';
  return `it points at a ${RANGE_NAMES[range] ?? `non-public (${range})`} address`;
}

const RANGE_NAMES: Record<string, string> = {
  loopback: 'loopback',
  private: 'private',
  carrierGradeNat: 'carrier-grade NAT (private)',
  linkLocal: 'link-local',
  uniqueLocal: 'private (unique local)',
  multicast: 'multicast',
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  reserved: 'reserved',
};

export type Resolver = (host: string) => Promise<string[]>;

/** Every address a name resolves to (A and AAAA), as the operating system's resolver answers. */
export const systemResolver: Resolver = async (host) =>
  (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

const hostAllowed = (host: string, policy: OutboundPolicy) => policy.allowHosts.includes(host.toLowerCase());

/** The URL's host without IPv6 brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Why this URL may not be a webhook target, or null when it may: the scheme, no credentials in it,
 * and every address its host resolves to. The WHATWG parser has already turned decimal, octal and
 * hex IPv4 spellings (2130706433, 0177.0.0.1) into dotted form.
 */
export async function urlRefusal(raw: string, policy: OutboundPolicy, resolve: Resolver = systemResolver): Promise<string | null> {
  return (await urlRefusalOf(raw, policy, resolve))?.message ?? null;
}

/** urlRefusal with the error reason that names the kind of refusal (a page says it in its own words). */
export async function urlRefusalOf(
  raw: string,
  policy: OutboundPolicy,
  resolve: Resolver = systemResolver,
): Promise<{ message: string; reason: ErrorReason } | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { message: 'Enter a full URL, like https://example.com/hooks/chorus.', reason: 'webhookUrlInvalid' };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) {
    return {
      message: policy.allowHttp ? 'The URL must start with https:// or http://.' : 'The URL must start with https://.',
      reason: 'webhookUrlScheme',
    };
  }
  if (url.username || url.password)
    return { message: 'The URL must not contain a user name or password.', reason: 'webhookUrlCredentials' };
  const host = bareHost(url);
  if (hostAllowed(host, policy)) return null;
  const refused = (address: string, message: string) => ({
    message,
    reason: (isMetadataAddress(address) ? 'webhookUrlMetadata' : 'webhookUrlNonPublic') as ErrorReason,
  });
  if (ipaddr.isValid(host)) {
    const why = addressRefusal(host, policy);
    return why ? refused(host, `This URL is refused: ${why}.`) : null;
  }
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return { message: `The host “${host}” could not be resolved.`, reason: 'webhookUrlUnresolved' };
  }
  if (addresses.length === 0) return { message: `The host “${host}” could not be resolved.`, reason: 'webhookUrlUnresolved' };
  for (const address of addresses) {
    const why = addressRefusal(address, policy);
    if (why) return refused(address, `This URL is refused: “${host}” resolves to ${address}, and ${why}.`);
  }
  return null;
}

export class RefusedAddressError extends Error {
  readonly code = 'EREFUSEDADDRESS';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s) agents and sockets that resolves the name and refuses the connection when
 * any address it resolves to may not be reached: the socket then connects only to an address that
 * was checked in this very lookup. `resolve` is replaceable for tests (a stub resolver).
 */
export function guardedLookup(policy: OutboundPolicy, resolve: Resolver = systemResolver) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const host = hostname.replace(/^\[|\]$/g, '');
    const done = (addresses: string[]) => {
      if (addresses.length === 0) return callback(Object.assign(new Error(`${host} did not resolve`), { code: 'ENOTFOUND' }), '');
      if (!hostAllowed(host, policy)) {
        for (const a of addresses) {
          const why = addressRefusal(a, policy);
          if (why) return callback(new RefusedAddressError(`refused to connect to ${a} (${host}): ${why}`), '');
        }
      }
      const family = (a: string) => (ipaddr.parse(a).kind() === 'ipv6' ? 6 : 4);
      if (options.all)
        callback(
          null,
          addresses.map((a) => ({ address: a, family: family(a) })),
        );
      else callback(null, addresses[0]!, family(addresses[0]!));
    };
    if (ipaddr.isValid(host)) return done([host]);
    resolve(host).then(done, (err: NodeJS.ErrnoException) => callback(err, ''));
  };
}

/** Refuses an IP-literal host before connecting (sockets skip `lookup` for literals). */
export function literalRefusal(url: URL, policy: OutboundPolicy): string | null {
  const host = bareHost(url);
  if (!ipaddr.isValid(host) || hostAllowed(host, policy)) return null;
  return addressRefusal(host, policy);
}
