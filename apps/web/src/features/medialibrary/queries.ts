import type { MediaFile } from '@im/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { MEDIA_KEY } from '../../ui/media-picker/use-media-files';

export { useMediaFiles } from '../../ui/media-picker/use-media-files';

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: MEDIA_KEY });
}

export function useUploadMediaFile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<MediaFile>('/api/mediafile', body);
    },
    onSettled: refresh,
  });
}

export function useRenameMediaFile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, filename }: { id: number; filename: string }) =>
      api.patch<MediaFile>(`/api/mediafile/${id}`, { filename }),
    onSuccess: refresh,
  });
}

export function useDeleteMediaFile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/mediafile/${id}`),
    onSuccess: refresh,
  });
}
