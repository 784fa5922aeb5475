import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";

/** Whether the hop at `address` (`hop` from the connection) is one of the trusted proxies. */
export type TrustedProxy = (address: string, hop: number) => boolean;

/**
 * The one rule that names a request's client, from TRUST_PROXY (env.ts): the connection's address,
 * or behind the trusted proxies the first X-Forwarded-For hop from the end that is not one of them.
 * Fastify's own `request.ip` applies it only to routed requests: a URL its router refuses
 * (frameworkErrors) is given a plain request that believes the socket. So the access line, the
 * error lines and the rate limits all ask this, and Fastify is handed the same compiled rule.
 */
export interface ClientAddressRule {
  /** Fastify's `trustProxy` option: the same rule, for request.host and request.protocol. */
  trustProxy: TrustedProxy | false;
  /** The client's address (undefined only when the socket is already gone). */
  of(request: IncomingMessage): string | undefined;
}

export function clientAddressRule(trustedProxies: false | readonly string[]): ClientAddressRule {
  if (!trustedProxies) {
    return { trustProxy: false, of: (request) => request.socket.remoteAddress };
  }
  const trusted = proxyAddr.compile([...trustedProxies]);
  return { trustProxy: trusted, of: (request) => proxyAddr(request, trusted) };
}
