import type { FastifyRequest } from 'fastify';

/** Where a consent came from (IP and browser), kept with the agreements a person accepts. */
export function clientDetails(request: FastifyRequest): {
  ipAddress: string | null;
  userAgent: string | null;
} {
  const userAgent = request.headers['user-agent'];
  return {
    ipAddress: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null,
  };
}
