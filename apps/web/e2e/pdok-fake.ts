import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the PDOK Locatieserver (decision 036): the server's GEOCODER_URL points at it.

export interface FakeAddress {
  postcode: string;
  number: number;
  street: string;
  city: string;
  /** 'POINT(lon lat)' */
  point: string;
}

export interface PdokFake {
  /** The server settings that make the app ask this fake. */
  env: Record<string, string>;
  /** The filter queries of every request, joined by a space. */
  asked: string[];
  close(): Promise<void>;
}

export async function startPdokFake(addresses: FakeAddress[]): Promise<PdokFake> {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://pdok.test');
    const fq = url.searchParams.getAll('fq');
    asked.push(fq.join(' '));
    const docs = addresses
      .filter((a) => fq.includes(`postcode:${a.postcode}`) && fq.includes(`huisnummer:${a.number}`))
      .map((a) => ({
        type: 'adres',
        straatnaam: a.street,
        woonplaatsnaam: a.city,
        postcode: a.postcode,
        huisnummer: a.number,
        centroide_ll: a.point,
      }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ response: { numFound: docs.length, start: 0, docs } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    env: { GEOCODER: 'pdok', GEOCODER_URL: `http://127.0.0.1:${port}/bzk/locatieserver/search/v3_1/free` },
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
