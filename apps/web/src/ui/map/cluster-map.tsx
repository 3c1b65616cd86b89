import 'leaflet/dist/leaflet.css';
import './cluster-map.css';
import { Box } from '@mantine/core';
import L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, Marker, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import Supercluster from 'supercluster';
import { usePortalConfig } from './portal-config';

export interface ClusterPoint {
  id: number;
  lat: number;
  lng: number;
  color: string;
  label: string;
}

interface ClusterMapProps {
  points: ClusterPoint[];
  center: [number, number];
  zoom: number;
  height?: number | string;
  onPointClick?: (id: number) => void;
}

type Props = { id: number; color: string; label: string };

/** Shows all points when they change (the default centre and zoom stay when there are none). */
function FitToPoints({ points }: { points: ClusterPoint[] }) {
  const map = useMap();
  useEffect(() => {
    if (points.length === 0) return;
    const bounds = L.latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number]));
    map.fitBounds(bounds, { padding: [40, 40], maxZoom: 13 });
  }, [map, points]);
  return null;
}

/** The clusters and single points in view, recomputed when the map stops moving. */
function Clusters({
  index,
  onPointClick,
}: {
  index: Supercluster<Props>;
  onPointClick?: (id: number) => void;
}) {
  const map = useMap();
  const [view, setView] = useState(() => ({ bounds: map.getBounds(), zoom: map.getZoom() }));
  useMapEvents({ moveend: () => setView({ bounds: map.getBounds(), zoom: map.getZoom() }) });
  useEffect(() => {
    const timer = window.setTimeout(() => {
      map.invalidateSize();
      setView({ bounds: map.getBounds(), zoom: map.getZoom() });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [map]);
  const b = view.bounds;
  const features = index.getClusters(
    [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()],
    Math.round(view.zoom),
  );
  return (
    <>
      {features.map((f) => {
        const [lng, lat] = f.geometry.coordinates as [number, number];
        const props = f.properties as Props | Supercluster.ClusterProperties;
        if ('cluster' in props && props.cluster) {
          const size = props.point_count < 100 ? 34 : props.point_count < 1000 ? 42 : 50;
          return (
            <Marker
              key={`c${props.cluster_id}`}
              position={[lat, lng]}
              icon={L.divIcon({
                html: `<span>${props.point_count_abbreviated}</span>`,
                className: 'im-map-cluster',
                iconSize: [size, size],
              })}
              eventHandlers={{
                click: () =>
                  map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(props.cluster_id), 18)),
              }}
            />
          );
        }
        const point = props as Props;
        return (
          <CircleMarker
            key={point.id}
            center={[lat, lng]}
            radius={9}
            pathOptions={{ color: '#fff', weight: 2, fillColor: point.color, fillOpacity: 0.95 }}
            eventHandlers={{ click: () => onPointClick?.(point.id) }}
          >
            <Tooltip>{point.label}</Tooltip>
          </CircleMarker>
        );
      })}
    </>
  );
}

/**
 * A Leaflet map whose points cluster (supercluster): 10,000 markers stay smooth because only the
 * clusters and points in view are drawn. A cluster click zooms in on it. It opens at `center` and
 * `zoom`, then fits the points in view.
 */
export function ClusterMap({ points, center, zoom, height = 560, onPointClick }: ClusterMapProps) {
  const { t } = useTranslation();
  const config = usePortalConfig();
  const index = useMemo(() => {
    const cluster = new Supercluster<Props>({ radius: 60, maxZoom: 17 });
    cluster.load(
      points.map((p) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [p.lng, p.lat] },
        properties: { id: p.id, color: p.color, label: p.label },
      })),
    );
    return cluster;
  }, [points]);
  return (
    <Box
      role="region"
      aria-label={t('map.label')}
      h={height}
      style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', isolation: 'isolate' }}
      data-testid="cluster-map"
    >
      <MapContainer center={center} zoom={zoom} style={{ height: '100%', width: '100%' }} scrollWheelZoom>
        {config.data && (
          <TileLayer url={config.data.map_tile_url} attribution={config.data.map_attribution} />
        )}
        <FitToPoints points={points} />
        <Clusters index={index} onPointClick={onPointClick} />
      </MapContainer>
    </Box>
  );
}
