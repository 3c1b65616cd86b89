import { describe, expect, it } from 'vitest';
import { detailMapView } from './detail-map-card';
import { DETAIL_MAP_ZOOM, OVERVIEW_MAP_ZOOM } from './map-view';

describe('detail map view', () => {
  it('centres on the item and marks it with its name when it has coordinates', () => {
    expect(detailMapView({ lat: 52.51, lng: 6.09 }, 'Jan de Vries')).toEqual({
      center: [52.51, 6.09],
      zoom: DETAIL_MAP_ZOOM,
      markers: [{ lat: 52.51, lng: 6.09, label: 'Jan de Vries' }],
    });
  });

  it('falls back to the default centre without a marker when a coordinate is missing', () => {
    for (const item of [{ lat: null, lng: null }, { lat: 52.51, lng: null }, {}]) {
      expect(detailMapView(item, 'Zonder adres')).toEqual({
        center: null,
        zoom: OVERVIEW_MAP_ZOOM,
        markers: [],
      });
    }
  });
});
