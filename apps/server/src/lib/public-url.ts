import type { FastifyRequest } from 'fastify';

/** Where links we hand out (invitations) point: PUBLIC_URL, or the origin the request came to. */
export const publicBaseUrl = (request: FastifyRequest, publicUrl: string | undefined): string =>
  publicUrl ?? `${request.protocol}://${request.host}`;
