export { AddressFields } from './components/address-fields';
export { LocationsList } from './components/locations-list';
export { LocationModal } from './modals/location.modal';
export { useLocations } from './queries';
export {
  type AddressParts,
  EMPTY_ADDRESS,
  hasAddress,
  type Location,
  type LocationOwner,
  type LocationType,
} from './types';
