/**
 * The API baseline: a bare Fastify process (same Fastify, same compression plugin, same node)
 * that answers each benchmarked route with the exact JSON body Meridian returned, from memory.
 * It is the ceiling for our stack: no auth, no database, no serialization.
 * Usage: tsx bench/baseline-server.ts <bodies.json> (an object: route name -> body text).
 */
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const [bodiesFile] = process.argv.slice(2);
if (!bodiesFile) throw new Error('usage: baseline-server.ts <bodies.json>');
const bodies = JSON.parse(readFileSync(bodiesFile, 'utf8')) as Record<string, string>;

const app = Fastify({ logger: false });
await app.register(compress);
for (const [name, body] of Object.entries(bodies)) {
  app.route({
    method: ['GET', 'POST'],
    url: `/baseline/${name}`,
    handler: (_request, reply) => reply.type('application/json; charset=utf-8').send(body),
  });
}
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' ? address?.port : 0 })}\n`,
);
