/**
 * The address a request came from, when the sandbox serves real HTTP (`listen`): node:http knows
 * it, a Fetch `Request` does not carry it, so `serve` records it here for the control endpoints'
 * loopback rule. Keyed by the Request itself: nothing a client sends can set it.
 */
const peers = new WeakMap<Request, string>();

export function setPeer(request: Request, address: string | undefined): void {
  if (address !== undefined) peers.set(request, address);
}

/** The peer address of `request`, when it came over a socket `serve` accepted. */
export function peerOf(request: Request): string | undefined {
  return peers.get(request);
}

/** True for 127.0.0.0/8, ::1 and IPv4-mapped 127.x. */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

/** True for a Host or Origin host name that names this machine: localhost, 127.x, [::1]. */
export function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || isLoopbackAddress(h);
}
