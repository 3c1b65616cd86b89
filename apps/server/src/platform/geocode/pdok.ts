import { compactPostcode, normalizePostcode } from '@im/domain';
import type { Logger } from '../logger';
import {
  type AddressLookupQuery,
  type AddressLookupResult,
  addressLine,
  type GeocodeQuery,
  type GeocodeResult,
  type Geocoder,
} from './geocoder';

const TIMEOUT_MS = 5000;
const DUTCH = new Set(['', 'nederland', 'nl', 'the netherlands', 'netherlands']);
const POINT = /^POINT\(\s*(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s*\)$/;

interface PdokDoc {
  centroide_ll?: string;
  straatnaam?: string;
  woonplaatsnaam?: string;
  postcode?: string;
  huisnummer?: number | string;
  huisletter?: string;
  huisnummertoevoeging?: string;
}

interface PdokAnswer {
  response?: { numFound?: number; docs?: PdokDoc[] };
}

/** A letter or addition compared as written anywhere: 'A', '-a', ' a ' are the same. */
const plainAddition = (v: string | undefined) => (v ?? '').replace(/[\s-]/g, '').toLowerCase();

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
    const answer = await this.ask([
      ['q', q],
      ['rows', '1'],
      ['fl', 'id,weergavenaam,type,centroide_ll,score'],
    ]);
    if (!answer) return { status: 'REQUEST_FAILED' };
    const point = POINT.exec(answer.response?.docs?.[0]?.centroide_ll ?? '');
    if (!point) return { status: 'ZERO_RESULTS' };
    return { status: 'OK', lng: Number(point[1]), lat: Number(point[2]) };
  }

  /**
   * The addresses registered at a postcode and house number (filter queries on `postcode`,
   * `huisnummer` and type `adres`), the one with the given letter or addition first, else the one
   * without any, else the first.
   */
  async lookupAddress(query: AddressLookupQuery): Promise<AddressLookupResult> {
    const postcode = normalizePostcode(query.postcode);
    const number = query.number.trim();
    if (!postcode || !/^\d+$/.test(number)) return { status: 'INVALID_REQUEST' };
    const answer = await this.ask([
      ['q', '*:*'],
      ['fq', 'type:adres'],
      ['fq', `postcode:${compactPostcode(postcode)}`],
      ['fq', `huisnummer:${number}`],
      ['rows', '50'],
      ['fl', 'straatnaam,woonplaatsnaam,postcode,huisnummer,huisletter,huisnummertoevoeging,centroide_ll'],
    ]);
    if (!answer) return { status: 'REQUEST_FAILED' };
    const docs = (answer.response?.docs ?? []).filter((d) => d.straatnaam && d.woonplaatsnaam);
    const wanted = plainAddition(query.addition);
    const addition = (d: PdokDoc) => plainAddition(`${d.huisletter ?? ''}${d.huisnummertoevoeging ?? ''}`);
    const doc = docs.find((d) => addition(d) === wanted) ?? docs.find((d) => addition(d) === '') ?? docs[0];
    if (!doc) return { status: 'ZERO_RESULTS' };
    const point = POINT.exec(doc.centroide_ll ?? '');
    return {
      status: 'OK',
      street: doc.straatnaam!,
      city: doc.woonplaatsnaam!,
      postcode: normalizePostcode(doc.postcode ?? postcode) || postcode,
      number: String(doc.huisnummer ?? number),
      addition: [doc.huisletter, doc.huisnummertoevoeging].filter(Boolean).join(''),
      lat: point ? Number(point[2]) : null,
      lng: point ? Number(point[1]) : null,
    };
  }

  /** One Locatieserver search; null when it cannot be reached or answers an error. */
  private async ask(params: [string, string][]): Promise<PdokAnswer | null> {
    const url = new URL(this.url);
    for (const [key, value] of params) url.searchParams.append(key, value);
    try {
      const res = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) {
        this.logger.warn({ status: res.status }, 'geocoder answered an error');
        return null;
      }
      return (await res.json()) as PdokAnswer;
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'geocoder unreachable');
      return null;
    }
  }
}
