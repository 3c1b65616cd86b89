export { DetailMapCard, detailMapView } from './detail-map-card';
export {
  DETAIL_MAP_ZOOM,
  hasCoordinates,
  type MapMarker,
  MapView,
  type MapViewProps,
  OVERVIEW_MAP_ZOOM,
} from './map-view';
export { DEFAULT_MAP_CENTER, type PortalConfig, usePortalConfig } from './portal-config';
