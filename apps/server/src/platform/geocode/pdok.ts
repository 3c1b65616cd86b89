import type { Logger } from '../logger';
import { addressLine, type GeocodeQuery, type GeocodeResult, type Geocoder } from './geocoder';

const TIMEOUT_MS = 5000;
const DUTCH = new Set(['', 'nederland', 'nl', 'the netherlands', 'netherlands']);
const POINT = /^POINT\(\s*(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s*\)$/;

interface PdokAnswer {
  response?: { numFound?: number; docs?: { centroide_ll?: string }[] };
}

/**
 * PDOK Locatieserver (the Dutch government's address service, free, no key): the best match of the
 * free-text search, `centroide_ll` being 'POINT(lng lat)' in WGS84. Only Dutch addresses.
 */
export class PdokGeocoder implements Geocoder {
  readonly name = 'pdok';

  constructor(
    private readonly url: string,
    private readonly logger: Logger,
  ) {}

  async geocode(query: GeocodeQuery): Promise<GeocodeResult> {
    if (!DUTCH.has((query.country ?? '').trim().toLowerCase())) return { status: 'ZERO_RESULTS' };
    const q = addressLine(query);
    if (!q) return { status: 'INVALID_REQUEST' };
    const url = new URL(this.url);
    url.searchParams.set('q', q);
    url.searchParams.set('rows', '1');
    url.searchParams.set('fl', 'id,weergavenaam,type,centroide_ll,score');
    let answer: PdokAnswer;
    try {
      const res = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) {
        this.logger.warn({ status: res.status }, 'geocoder answered an error');
        return { status: 'REQUEST_FAILED' };
      }
      answer = (await res.json()) as PdokAnswer;
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'geocoder unreachable');
      return { status: 'REQUEST_FAILED' };
    }
    const point = POINT.exec(answer.response?.docs?.[0]?.centroide_ll ?? '');
    if (!point) return { status: 'ZERO_RESULTS' };
    return { status: 'OK', lng: Number(point[1]), lat: Number(point[2]) };
  }
}
