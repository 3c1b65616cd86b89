import { describe, expect, it } from 'vitest';
import { DERIVED_AREA_FIELDS, roofInstalledPower, roomArea, wallArea, windowArea } from './derived-areas';

describe('derived areas', () => {
  it('room area = length × width plus the adjustment, rounded to 2 decimals', () => {
    expect(roomArea({ length: 4.25, width: '3,1', adjustment: '-0,5' })).toBe(12.68);
    expect(roomArea({ length: 4, width: 3 })).toBe(12);
  });

  it('window area converts millimetres to m2', () => {
    expect(windowArea({ length: 1200, width: '850' })).toBe(1.02);
    expect(windowArea({ length: 1234, width: 567 })).toBe(0.7);
  });

  it('wall area = rectangle up to the gutter + gable triangle − obstacles + adjustment', () => {
    // 5 × 2.5 + 5 × (5 − 2.5) / 2 − 1.2 + 0.5
    expect(wallArea({ width: 5, gutter_height: 2.5, roof_height: 5, obstacles: 1.2, adjustment: 0.5 })).toBe(
      18.05,
    );
    expect(wallArea({ width: '4,2', gutter_height: '2,6', roof_height: '2,6' })).toBe(10.92);
  });

  it('roof installed power = panel power × number of panels', () => {
    expect(roofInstalledPower({ panel_power: 405, panel_count: '12' })).toBe(4860);
  });

  it('counts missing and non-numeric inputs as 0', () => {
    expect(roomArea({ length: 4 })).toBe(0);
    expect(roomArea({ adjustment: 2 })).toBe(2);
    expect(windowArea({})).toBe(0);
    expect(wallArea({ width: 5, gutter_height: 'onbekend' })).toBe(0);
    expect(wallArea({ width: 4, roof_height: 3 })).toBe(6);
    expect(roofInstalledPower({ panel_power: null, panel_count: 10 })).toBe(0);
  });

  it('DERIVED_AREA_FIELDS names the output field and computes from form values', () => {
    expect(DERIVED_AREA_FIELDS.room.output).toBe('area');
    expect(DERIVED_AREA_FIELDS.window.output).toBe('area');
    expect(DERIVED_AREA_FIELDS.wall.output).toBe('area');
    expect(DERIVED_AREA_FIELDS.roof.output).toBe('installed_power');
    expect(DERIVED_AREA_FIELDS.room.compute({ length: '5', width: '4', adjustment: '1,5' })).toBe(21.5);
    expect(DERIVED_AREA_FIELDS.window.compute({ length: 1000, width: 2000 })).toBe(2);
    expect(
      DERIVED_AREA_FIELDS.wall.compute({
        width: 5,
        gutter_height: 2.5,
        roof_height: 5,
        obstacles: 1.2,
        adjustment: 0.5,
      }),
    ).toBe(18.05);
    expect(DERIVED_AREA_FIELDS.roof.compute({ panel_power: '400', panel_count: 10 })).toBe(4000);
    expect(DERIVED_AREA_FIELDS.room.compute({})).toBe(0);
  });
});
