import type { Config } from '../config';
import type { Logger } from '../logger';
import { disabledGeocoder, type Geocoder } from './geocoder';
import { PdokGeocoder } from './pdok';

export * from './geocoder';

/** The geocoder `GEOCODER` names: `pdok` (default, at `GEOCODER_URL`) or `none`. */
export function createGeocoder(config: Pick<Config, 'GEOCODER' | 'GEOCODER_URL'>, logger: Logger): Geocoder {
  return config.GEOCODER === 'none' ? disabledGeocoder : new PdokGeocoder(config.GEOCODER_URL, logger);
}
