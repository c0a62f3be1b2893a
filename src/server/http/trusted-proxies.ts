/**
 * TRUST_PROXY as Fastify takes it (decision 1820). Fastify 5.12 no longer honours a bare hop
 * count (it trusts nothing, so every client would share the balancer's address and its
 * limits): a count becomes the function that believes the last `count` hops, the proxies in
 * front of the app, and nothing a client wrote before them.
 */
import type { AppConfig } from '../config';

type TrustProxyOption = false | string[] | ((address: string, hop: number) => boolean);

export function trustedProxies(setting: AppConfig['TRUST_PROXY']): TrustProxyOption {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
