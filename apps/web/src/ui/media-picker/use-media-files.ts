import type { MediaFilePage } from '@im/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export const MEDIA_KEY = ['mediafile'] as const;

/** A page of the company's media library (server-paged), searched on the file name. */
export function useMediaFiles(input: {
  query: string;
  page: number;
  pageSize: number;
  imagesOnly?: boolean;
}) {
  const { query, page, pageSize, imagesOnly = false } = input;
  return useQuery({
    queryKey: [...MEDIA_KEY, 'page', query, page, pageSize, imagesOnly],
    queryFn: ({ signal }) =>
      api.get<MediaFilePage>('/api/mediafile', {
        query: {
          offset: (page - 1) * pageSize,
          limit: pageSize,
          query: query.trim() || undefined,
          images: imagesOnly ? '1' : undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The thumbnail address of a media file (needs the login token: show it with AuthedImage). */
export const mediaThumbnailUrl = (id: number) => `/api/mediafile/${id}/showthumbnail`;
