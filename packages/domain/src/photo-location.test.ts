import { describe, expect, it } from 'vitest';
import { isPhotoLocation, photoLocationUrl, readPhotoLocation } from './photo-location';

// The first segments of two JPEGs written by sharp (libvips) with a GPS IFD: 52° 5' 30" N 6° 30' E (Zwolle's
// surroundings), and 33° 52' S 70° 40' W.
const NORTH_EAST =
  '/9j/4QEuRXhpZgAASUkqAAgAAAAHABIBAwABAAAAAQAAABoBBQABAAAAYgAAABsBBQABAAAAagAAACgBAwABAAAAAgAAABMCAwABAAAAAQAAAGmHBAABAAAAcgAAACWIBAABAAAAwAAAAAAAAAA4YwAA6AMAADhjAADoAwAABgAAkAcABAAAADAyMTABkQcABAAAAAECAwAAoAcABAAAADAxMDABoAMAAQAAAP//AAACoAQAAQAAAAgAAAADoAQAAQAAAAgAAAAAAAAABAABAAIAAgAAAE4AAAACAAUAAwAAAA4BAAADAAIAAgAAAEUAAAAEAAUAAwAAAPYAAAAAAAAABgAAAAEAAAAeAAAAAQAAAAAAAAABAAAANAAAAAEAAAAFAAAAAQAAALgLAABkAAAA';
const SOUTH_WEST =
  '/9j/4QEuRXhpZgAASUkqAAgAAAAHABIBAwABAAAAAQAAABoBBQABAAAAYgAAABsBBQABAAAAagAAACgBAwABAAAAAgAAABMCAwABAAAAAQAAAGmHBAABAAAAcgAAACWIBAABAAAAwAAAAAAAAAA4YwAA6AMAADhjAADoAwAABgAAkAcABAAAADAyMTABkQcABAAAAAECAwAAoAcABAAAADAxMDABoAMAAQAAAP//AAACoAQAAQAAAAgAAAADoAQAAQAAAAgAAAAAAAAABAABAAIAAgAAAFMAAAACAAUAAwAAAA4BAAADAAIAAgAAAFcAAAAEAAUAAwAAAPYAAAAAAAAARgAAAAEAAAAoAAAAAQAAAAAAAAABAAAAIQAAAAEAAAA0AAAAAQAAAAAAAAABAAAA';
const bytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

describe('where a photo was taken', () => {
  it('reads the GPS position of a JPEG’s EXIF, with its hemispheres', () => {
    const ne = readPhotoLocation(bytes(NORTH_EAST))!;
    expect(ne.lat).toBeCloseTo(52 + 5 / 60 + 30 / 3600, 9);
    expect(ne.lng).toBeCloseTo(6.5, 9);
    const sw = readPhotoLocation(bytes(SOUTH_WEST))!;
    expect(sw.lat).toBeCloseTo(-(33 + 52 / 60), 9);
    expect(sw.lng).toBeCloseTo(-(70 + 40 / 60), 9);
  });

  it('answers null for a photo without a position, a cut-off or damaged one, and other bytes: never throws', () => {
    const full = bytes(NORTH_EAST);
    expect(readPhotoLocation(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBeNull();
    for (let cut = 0; cut < full.length; cut += 7)
      expect(readPhotoLocation(full.subarray(0, cut))).toBeNull();
    const damaged = full.slice();
    damaged[14] = 0x99; // byte order neither II nor MM
    expect(readPhotoLocation(damaged)).toBeNull();
    expect(
      readPhotoLocation(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toBeNull();
    expect(readPhotoLocation(new Uint8Array(0))).toBeNull();
  });

  it('keeps only positions in range and not the 0,0 of an unset GPS; links to the map', () => {
    expect(isPhotoLocation(52.1, 6.5)).toBe(true);
    expect(isPhotoLocation(91, 6)).toBe(false);
    expect(isPhotoLocation(52, -181)).toBe(false);
    expect(isPhotoLocation(0, 0)).toBe(false);
    expect(isPhotoLocation(Number.NaN, 1)).toBe(false);
    expect(photoLocationUrl({ lat: 52.091667, lng: 6.5 })).toBe(
      'https://www.openstreetmap.org/?mlat=52.091667&mlon=6.500000#map=19/52.091667/6.500000',
    );
  });
});
