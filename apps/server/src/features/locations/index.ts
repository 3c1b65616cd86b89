// The locations feature's public entry: what higher features use (decision 047). Its routes: routes.ts.
export {
  addressOf,
  loadLocations,
  locationsOfRelationRead,
  type MainLocationColumns,
  mainLocationAddress,
  mainLocationsOf,
} from './location-dto';
export { registerRelationLocationsChange } from './location-hooks';
export { fullAddress } from './routes';
export {
  afterLocationsChanged,
  type Coordinates,
  coordinatesFor,
  createLocation,
  geocodeAddress,
  updateLocation,
} from './save-location';
