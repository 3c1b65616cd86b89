import 'leaflet/dist/leaflet.css';
import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { DEFAULT_MAP_CENTER, usePortalConfig } from './portal-config';

export interface MapMarker {
  lat: number;
  lng: number;
  label?: string;
  /** Any CSS colour; blue by default. */
  color?: string;
}

export interface MapViewProps {
  /** Null or absent: the configured default centre (about 52.50, 6.08). */
  center?: [number, number] | null;
  zoom?: number;
  markers?: MapMarker[];
  height?: number | string;
}

/** The spec's relation map centres at zoom 13; the task map uses 9 around the default centre. */
export const DETAIL_MAP_ZOOM = 13;
export const OVERVIEW_MAP_ZOOM = 9;

export function hasCoordinates(item: { lat?: number | null; lng?: number | null }): boolean {
  return typeof item.lat === 'number' && typeof item.lng === 'number';
}

// MapContainer reads center and zoom only once; this keeps the view in step with its props.
function FollowView({ center, zoom }: { center: [number, number]; zoom: number }) {
  const map = useMap();
  const [lat, lng] = center;
  useEffect(() => {
    map.setView([lat, lng], zoom);
  }, [map, lat, lng, zoom]);
  useEffect(() => {
    // The container may have been sized after Leaflet measured it (cards, grids, modals).
    const timer = window.setTimeout(() => map.invalidateSize(), 0);
    return () => window.clearTimeout(timer);
  }, [map]);
  return null;
}

/** Leaflet map with the server's tile URL and attribution (GET /api/portal/config). */
export function MapView({ center, zoom = DETAIL_MAP_ZOOM, markers = [], height = 300 }: MapViewProps) {
  const { t } = useTranslation();
  const config = usePortalConfig();
  const view = center ?? config.data?.map_default_center ?? DEFAULT_MAP_CENTER;

  return (
    <Box
      role="region"
      aria-label={t('map.label')}
      h={height}
      style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', isolation: 'isolate' }}
      data-testid="map"
    >
      <MapContainer
        center={view}
        zoom={zoom}
        style={{ height: '100%', width: '100%' }}
        scrollWheelZoom={false}
      >
        <FollowView center={view} zoom={zoom} />
        {config.data && (
          <TileLayer url={config.data.map_tile_url} attribution={config.data.map_attribution} />
        )}
        {markers.map((marker, i) => (
          <CircleMarker
            // biome-ignore lint/suspicious/noArrayIndexKey: markers have no identity of their own
            key={i}
            center={[marker.lat, marker.lng]}
            radius={9}
            pathOptions={{ color: marker.color ?? '#1c7ed6', fillOpacity: 0.8, weight: 2 }}
          >
            {marker.label && <Tooltip>{marker.label}</Tooltip>}
          </CircleMarker>
        ))}
      </MapContainer>
    </Box>
  );
}
