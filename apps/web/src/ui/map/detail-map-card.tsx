import { Card } from '@mantine/core';
import { DETAIL_MAP_ZOOM, hasCoordinates, MapView, type MapViewProps, OVERVIEW_MAP_ZOOM } from './map-view';

type Located = { lat?: number | null; lng?: number | null };

/** Zoomed in on the item's point when it has coordinates; else the default centre without a marker. */
export function detailMapView(
  item: Located,
  label: string,
): Required<Pick<MapViewProps, 'center' | 'zoom' | 'markers'>> {
  if (!hasCoordinates(item)) return { center: null, zoom: OVERVIEW_MAP_ZOOM, markers: [] };
  const lat = item.lat as number;
  const lng = item.lng as number;
  return { center: [lat, lng], zoom: DETAIL_MAP_ZOOM, markers: [{ lat, lng, label }] };
}

/** The map card of a detail screen (relation, organization). */
export function DetailMapCard({ item, label }: { item: Located; label: string }) {
  return (
    <Card withBorder padding={0}>
      <MapView {...detailMapView(item, label)} />
    </Card>
  );
}
