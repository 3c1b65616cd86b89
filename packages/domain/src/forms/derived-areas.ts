// Derived areas of the survey forms, rounded to 2 decimals; a missing or non-numeric input counts as 0.
import type { FormValue, FormValues } from './constants';
import { roundTo2, toNumber } from './values';

const n = (value: FormValue | undefined) => (value === undefined ? 0 : toNumber(value));

/** Room area (m2) = length × width, plus an adjustment for the total. */
export function roomArea(v: { length?: FormValue; width?: FormValue; adjustment?: FormValue }): number {
  return roundTo2(n(v.length) * n(v.width) + n(v.adjustment));
}

/** Window area (m2) = length × width / 1,000,000: the sizes are in millimetres. */
export function windowArea(v: { length?: FormValue; width?: FormValue }): number {
  return roundTo2((n(v.length) * n(v.width)) / 1_000_000);
}

/**
 * Wall area (m2) = width × gutter height + width × (roof height − gutter height) / 2 − obstacles, plus an
 * adjustment: the rectangle up to the gutter and the triangle of the gable above it.
 */
export function wallArea(v: {
  width?: FormValue;
  gutter_height?: FormValue;
  roof_height?: FormValue;
  obstacles?: FormValue;
  adjustment?: FormValue;
}): number {
  const width = n(v.width);
  const gutter = n(v.gutter_height);
  const gable = (width * (n(v.roof_height) - gutter)) / 2;
  return roundTo2(width * gutter + gable - n(v.obstacles) + n(v.adjustment));
}

/** Installed power of a roof = panel power × number of panels. */
export function roofInstalledPower(v: { panel_power?: FormValue; panel_count?: FormValue }): number {
  return roundTo2(n(v.panel_power) * n(v.panel_count));
}

const own = (values: FormValues, name: string): FormValue | undefined =>
  Object.hasOwn(values, name) ? values[name] : undefined;

/** Per kind of survey item: the field the derived value goes into and how it is computed from the values. */
export const DERIVED_AREA_FIELDS: Record<
  'room' | 'window' | 'wall' | 'roof',
  { output: string; compute: (values: FormValues) => number }
> = {
  room: {
    output: 'area',
    compute: (values) =>
      roomArea({
        length: own(values, 'length'),
        width: own(values, 'width'),
        adjustment: own(values, 'adjustment'),
      }),
  },
  window: {
    output: 'area',
    compute: (values) => windowArea({ length: own(values, 'length'), width: own(values, 'width') }),
  },
  wall: {
    output: 'area',
    compute: (values) =>
      wallArea({
        width: own(values, 'width'),
        gutter_height: own(values, 'gutter_height'),
        roof_height: own(values, 'roof_height'),
        obstacles: own(values, 'obstacles'),
        adjustment: own(values, 'adjustment'),
      }),
  },
  roof: {
    output: 'installed_power',
    compute: (values) =>
      roofInstalledPower({
        panel_power: own(values, 'panel_power'),
        panel_count: own(values, 'panel_count'),
      }),
  },
};
