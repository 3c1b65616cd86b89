import { afterEach, describe, expect, it, vi } from 'vitest';
import { photoLocationOf } from './compress-photo';

// Where a photo was taken (decision 073): the photo's own GPS position is tested in @im/domain and end to end
// (e2e/offline); here the fallback to the device's position, which never asks the user mid-survey.

const noExif = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2])], { type: 'image/jpeg' });

function device(state: PermissionState, position: { latitude: number; longitude: number } | null) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback) =>
    position ? ok({ coords: position } as GeolocationPosition) : fail({} as GeolocationPositionError),
  );
  vi.stubGlobal('navigator', {
    ...navigator,
    permissions: { query: vi.fn(async () => ({ state })) },
    geolocation: { getCurrentPosition },
  });
  return getCurrentPosition;
}

afterEach(() => vi.unstubAllGlobals());

describe('where a photo was taken', () => {
  it('takes the device’s position when the user allowed it before', async () => {
    device('granted', { latitude: 52.51, longitude: 6.09 });
    expect(await photoLocationOf(noExif())).toEqual({ lat: 52.51, lng: 6.09 });
  });

  it('never asks: without permission, or when the device has no fix, there is no location', async () => {
    const asked = device('prompt', { latitude: 52.51, longitude: 6.09 });
    expect(await photoLocationOf(noExif())).toBeNull();
    expect(asked).not.toHaveBeenCalled();
    device('granted', null);
    expect(await photoLocationOf(noExif())).toBeNull();
  });
});
