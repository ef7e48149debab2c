import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StubReply = (request: IncomingMessage, response: ServerResponse) => void;

export type GeocoderStub = {
  /** The search endpoint, for GEOCODER_URL. */
  url: string;
  /** Every request the stub received, as a URL, and its User-Agent. */
  requests: { url: URL; userAgent: string | undefined }[];
  /** How the stub answers from now on. */
  reply: (handler: StubReply) => void;
  close: () => Promise<void>;
};

/** Answers like Nominatim: a JSON array of results with string coordinates. */
export const nominatimResults =
  (...results: { lat: number; lon: number }[]): StubReply =>
  (_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify(
        results.map(({ lat, lon }) => ({ lat: String(lat), lon: String(lon), display_name: '' })),
      ),
    );
  };

/** A local stand-in for a Nominatim-compatible geocoder (there is no external network in tests). */
export async function startGeocoderStub(): Promise<GeocoderStub> {
  const requests: GeocoderStub['requests'] = [];
  let handler: StubReply = nominatimResults();
  const server = createServer((request, response) => {
    requests.push({
      url: new URL(request.url ?? '/', 'http://127.0.0.1'),
      userAgent: request.headers['user-agent'],
    });
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/search`,
    requests,
    reply: (next) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Requests the stub left hanging on purpose must not keep it open.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
