import { Image, type ImageProps, Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { apiImage } from '../../api/client';

/**
 * An image behind the API (it needs the bearer token, so a plain `src` cannot load it). `version`
 * reloads it when the image behind the same URL changed. Renders nothing when the server answers
 * `x-imagestatus: unavailable`.
 */
export function AuthedImage({
  url,
  version,
  alt,
  ...props
}: { url: string; version?: number; alt: string } & ImageProps) {
  const [src, setSrc] = useState<string | null | undefined>(undefined);
  // The version rides along in the URL's fragment, so a changed image is fetched anew; a fragment is
  // never sent, and the API refuses query parameters it does not take (decision 041).
  const source = version === undefined ? url : `${url}#v=${version}`;
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    // Kept for offline use when taken along (the version is not part of the kept copy's address).
    apiImage(source)
      .then((image) => (image ? URL.createObjectURL(image) : null))
      .catch(() => null)
      .then((created) => {
        objectUrl = created;
        if (!cancelled) setSrc(created);
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [source]);
  if (src === undefined) return <Skeleton h={80} />;
  if (src === null) return null;
  return <Image src={src} alt={alt} fit="contain" {...props} />;
}
