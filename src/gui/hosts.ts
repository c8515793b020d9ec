/**
 * Which `Host` headers `tama gui` answers to. A page on another site can point a name it
 * owns at 127.0.0.1 (DNS rebinding) and then talk to this server as if it were its own
 * origin; the one thing it cannot forge is the `Host` its browser sends, which carries that
 * foreign name. So the server answers only to the names it listens on:
 *
 * - always the loopback names: `localhost`, any `127.x.x.x`, `[::1]`;
 * - the `--host` given, exactly (a name or an address);
 * - when listening on every interface (`0.0.0.0` or `::`), this machine's own interface
 *   addresses too (read at each request, so a new address works at once); a name for the
 *   machine is accepted only when given with `--host`.
 *
 * and only with the port it listens on. Anything else, or no Host at all, is refused.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { networkInterfaces } from 'node:os';
import { fail, ok, type Result } from '../core/result.js';

export interface HostRule {
  /** The address or name the server listens on (`--host`). */
  readonly listenHost: string;
  /** The port it actually listens on. */
  readonly port: number;
  /** This machine's interface addresses (default: from the operating system). */
  readonly interfaceAddresses?: () => readonly string[];
}

export type HostErrorCode = 'no-host' | 'bad-host' | 'foreign-host';

/** Addresses that mean "every interface" when listened on. */
const WILDCARDS = new Set(['0.0.0.0', '::', '']);

/** An IPv6 address in the one spelling URLs use (`[::1]`), brackets included. */
function bracketedIPv6(address: string): string {
  return new URL(`http://[${address}]/`).hostname;
}

/** How a listen address or interface address is written in a `Host` header. */
function hostNameOf(address: string): string {
  const lower = address.toLowerCase();
  return isIPv6(lower) ? bracketedIPv6(lower) : lower;
}

function isLoopback(name: string): boolean {
  return name === 'localhost' || name === '[::1]' || (isIPv4(name) && name.startsWith('127.'));
}

function systemAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((list) =>
    (list ?? []).map((entry) => entry.address),
  );
}

/** Reads a `Host` header into its name (lower case, IPv6 bracketed) and port. */
function parseHost(header: string): { name: string; port: number } | undefined {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[^\s:[\]/@]+)(?::(\d{1,5}))?$/.exec(header);
  if (match === null) return undefined;
  let name = match[1].toLowerCase();
  if (name.startsWith('[')) {
    const inside = name.slice(1, -1);
    if (!isIPv6(inside)) return undefined;
    name = bracketedIPv6(inside);
  }
  return { name, port: match[2] === undefined ? 80 : Number(match[2]) };
}

/**
 * The host to put in the server's address: the `--host` as given (so that it is accepted),
 * or a loopback address when listening on every interface.
 */
export function urlHostOf(listenHost: string): string {
  if (listenHost === '::') return '[::1]';
  return WILDCARDS.has(listenHost) ? '127.0.0.1' : hostNameOf(listenHost);
}

/** The names accepted besides any `127.x.x.x`, in the words of a refusal. */
export function acceptedHostsText(rule: HostRule): string {
  const names = ['localhost', '127.0.0.1 (any 127.x.x.x)', '[::1]'];
  if (WILDCARDS.has(rule.listenHost)) names.push("this machine's interface addresses");
  else if (!isLoopback(hostNameOf(rule.listenHost))) names.push(hostNameOf(rule.listenHost));
  return `${names.join(', ')} on port ${rule.port}`;
}

/**
 * Checks a request's `Host` header; on success, the host in the one form the page's
 * `Origin` must then carry (`http://` + host).
 */
export function checkHost(
  header: string | undefined,
  rule: HostRule,
): Result<string, HostErrorCode> {
  const accepted = `accepted: ${acceptedHostsText(rule)}`;
  if (header === undefined || header.trim() === '') {
    return fail('no-host', `refused: the request has no Host header; ${accepted}`);
  }
  const host = parseHost(header.trim());
  const shown = JSON.stringify(header.slice(0, 100));
  if (host === undefined) return fail('bad-host', `refused: Host ${shown} is not host[:port]; ${accepted}`); // prettier-ignore
  let known = isLoopback(host.name);
  if (!known && WILDCARDS.has(rule.listenHost)) {
    const addresses = (rule.interfaceAddresses ?? systemAddresses)();
    known = addresses.some((address) => hostNameOf(address) === host.name);
  } else if (!known) {
    known = hostNameOf(rule.listenHost) === host.name;
  }
  if (!known || host.port !== rule.port) {
    return fail('foreign-host', `refused: this server does not answer to Host ${shown}; ${accepted}`); // prettier-ignore
  }
  return ok(header.trim().toLowerCase());
}

/** Whether other machines can reach a server listening on `listenHost` (anything not loopback). */
export function reachableFromOtherMachines(listenHost: string): boolean {
  return WILDCARDS.has(listenHost) || !isLoopback(hostNameOf(listenHost));
}

/** An IPv6 link-local address: a URL cannot carry its interface, so no browser reaches it. */
const linkLocal = (address: string) => /^fe[89ab][0-9a-f]:/i.test(address);

/**
 * Every URL a server listening on `listenHost` and `port` answers at: on every interface,
 * this machine's interface addresses (loopback first; IPv4 only on `0.0.0.0`, and no
 * IPv6 link-local address, which a URL cannot name); otherwise the one `--host`.
 */
export function answeringUrls(
  listenHost: string,
  port: number,
  interfaceAddresses: () => readonly string[] = systemAddresses,
): string[] {
  if (!WILDCARDS.has(listenHost)) return [`http://${urlHostOf(listenHost)}:${port}/`];
  const addresses = interfaceAddresses().filter((address) =>
    listenHost === '0.0.0.0' ? isIPv4(address) : !linkLocal(address),
  );
  const names = [...new Set(addresses.map(hostNameOf))];
  names.sort((a, b) => Number(isLoopback(b)) - Number(isLoopback(a)));
  return names.map((name) => `http://${name}:${port}/`);
}
