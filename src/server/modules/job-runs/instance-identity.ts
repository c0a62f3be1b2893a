import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppContext } from '../../context';

const identities = new WeakMap<AppContext, string>();

/**
 * The name this app instance writes on the runs it executes ("host-pid-a1b2c3"), so an
 * operator can tell which machine ran a job. One per built app, so two apps in one test
 * process are two instances.
 */
export function instanceIdOf(context: AppContext): string {
  let identity = identities.get(context);
  if (!identity) {
    identity = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
    identities.set(context, identity);
  }
  return identity;
}
