import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that was serialised (and checked against the route's response contract) ahead
 * of time. Fastify sends a string with a JSON content type as it is, without running the
 * route's serializer again.
 */
export function sendSerialisedJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
