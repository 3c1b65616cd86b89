import type {
  FlowDataItem,
  FormValue,
  Intake,
  IntakeDetail,
  Picture,
  Project,
  ProjectDetail,
  RequestOf,
  VerticalType,
  zCreateFlowDataItem,
  zCreateIntake,
  zCreateProject,
  zUpdateIntake,
  zUpdateProject,
} from '@im/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { keptFile, sendOrKeep } from '../../api/outbox';
import { compressPhoto, keptPhotoName, photoLocationOf } from '../../ui/files/compress-photo';

export const INTAKE_TABLE_PATH = '/api/intake/querypaginated';
export const PROJECT_TABLE_PATH = '/api/project/querypaginated';

const valid = (id: number) => Number.isInteger(id) && id > 0;

export function useIntake(id: number) {
  return useQuery({
    queryKey: ['intake', id],
    queryFn: ({ signal }) => api.get<IntakeDetail>(`/api/intake/${id}`, { signal }),
    enabled: valid(id),
  });
}

export function useProject(id: number) {
  return useQuery({
    queryKey: ['project', id],
    queryFn: ({ signal }) => api.get<ProjectDetail>(`/api/project/${id}`, { signal }),
    enabled: valid(id),
  });
}

/** The forms of a flow of one type (aftercare detail), with their photos. */
export function useFlowDataItems(flowId: number, type?: VerticalType) {
  return useQuery({
    queryKey: ['flowdataitem', 'flow', flowId, type ?? 'all'],
    queryFn: ({ signal }) =>
      api.get<FlowDataItem[]>('/api/flowdataitem', { signal, query: { flow_id: flowId, type } }),
    enabled: valid(flowId),
  });
}

/** After any change to forms, the screens holding them read again. */
export function useRefreshForms() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['intake'] });
    void queryClient.invalidateQueries({ queryKey: ['project'] });
    void queryClient.invalidateQueries({ queryKey: ['flowdataitem'] });
    void queryClient.invalidateQueries({ queryKey: ['table'] });
  };
}

export function useCreateIntake() {
  const refresh = useRefreshForms();
  return useMutation({
    mutationFn: (body: RequestOf<typeof zCreateIntake>) => api.post<IntakeDetail>('/api/intake', body),
    onSuccess: refresh,
  });
}

export function useUpdateIntake(id: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshForms();
  return useMutation({
    mutationFn: (body: RequestOf<typeof zUpdateIntake>) => api.patch<IntakeDetail>(`/api/intake/${id}`, body),
    onSuccess: (intake) => {
      queryClient.setQueryData(['intake', id], intake);
      refresh();
    },
  });
}

export function useCreateProject() {
  const refresh = useRefreshForms();
  return useMutation({
    mutationFn: (body: RequestOf<typeof zCreateProject>) => api.post<ProjectDetail>('/api/project', body),
    onSuccess: refresh,
  });
}

export function useUpdateProject(id: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshForms();
  return useMutation({
    mutationFn: (body: RequestOf<typeof zUpdateProject>) =>
      api.patch<ProjectDetail>(`/api/project/${id}`, body),
    onSuccess: (project) => {
      queryClient.setQueryData(['project', id], project);
      refresh();
    },
  });
}

/** saveastemplate, resettotemplate, duplicate, markplanned: actions answering the intake or project. */
export function useStageAction<T extends IntakeDetail | ProjectDetail>(
  kind: 'intake' | 'project',
  id: number,
) {
  const refresh = useRefreshForms();
  return useMutation({
    mutationFn: ({ action, body }: { action: string; body?: unknown }) =>
      api.post<T>(`/api/${kind}/${id}/${action}`, body),
    onSuccess: refresh,
  });
}

export function useDeleteStage(kind: 'intake' | 'project') {
  const refresh = useRefreshForms();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/${kind}/${id}`),
    onSuccess: refresh,
  });
}

export function useCreateFlowDataItem() {
  const refresh = useRefreshForms();
  return useMutation({
    mutationFn: (body: RequestOf<typeof zCreateFlowDataItem>) =>
      api.post<FlowDataItem>('/api/flowdataitem', body),
    onSuccess: refresh,
  });
}

/** Autosave: the changed values only; the answer carries the computed ones. */
/** The filler's autosave: only the changed values; the answer carries the computed ones. */
export function saveFlowDataItem(
  id: number,
  values: Record<string, FormValue>,
  options: { keepalive: boolean },
): Promise<FlowDataItem> {
  return api.patch<FlowDataItem>(`/api/flowdataitem/${id}`, { values }, options);
}

export function useFlowDataItemAction(id: number) {
  const refresh = useRefreshForms();
  return useMutation({
    mutationFn: (action: 'marksent' | 'rollbackstatus') =>
      api.post<FlowDataItem>(`/api/flowdataitem/${id}/${action}`),
    onSuccess: refresh,
  });
}

export function useDeleteFlowDataItem() {
  const refresh = useRefreshForms();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/flowdataitem/${id}`),
    onSuccess: refresh,
  });
}

/**
 * Uploads a photo through the device's outbox (decision 069): compressed and upright, with its own key;
 * answers the stored photo, or null when there is no connection and the photo waits on the device.
 */
export function useUploadPicture() {
  const refresh = useRefreshForms();
  return useMutation({
    mutationFn: async ({
      file,
      fields,
    }: {
      file: File;
      fields: Record<string, string | number | undefined>;
    }) => {
      const [kept, location] = await Promise.all([compressPhoto(file), photoLocationOf(file)]);
      return sendOrKeep<Picture>({
        kind: 'picture',
        path: '/api/picture',
        body: Object.fromEntries(
          Object.entries({ ...fields, ...location }).filter(([, v]) => v !== undefined),
        ) as Record<string, string | number>,
        file: await keptFile(kept, keptPhotoName(file.name, kept)),
      });
    },
    onSuccess: refresh,
  });
}

export function useDeletePicture() {
  const refresh = useRefreshForms();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/picture/${id}`),
    onSuccess: refresh,
  });
}

export function useFlowPictures(flowId: number) {
  return useQuery({
    queryKey: ['flowdataitem', 'pictures', flowId],
    queryFn: ({ signal }) => api.get<Picture[]>('/api/picture', { signal, query: { flow_id: flowId } }),
    enabled: valid(flowId),
  });
}

export function useUploadAttachment(projectId: number) {
  const refresh = useRefreshForms();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('project_id', String(projectId));
      form.append('file', file);
      return api.post<{ id: number }>('/api/attachment', form);
    },
    onSuccess: refresh,
  });
}

export function useDeleteAttachment() {
  const refresh = useRefreshForms();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/attachment/${id}`),
    onSuccess: refresh,
  });
}

/** Every field of the company's live forms (the show rules of document widgets). */
/** addlocation, removelocation, updatelocationdata: answer the copy. */
export function useLocationAction(itemId: number) {
  const refresh = useRefreshForms();
  return useMutation({
    mutationFn: ({ action, body }: { action: 'addlocation' | 'removelocation'; body: unknown }) =>
      api.post<FlowDataItem>(`/api/flowdataitem/${itemId}/${action}`, body),
    onSuccess: refresh,
  });
}

/** A location's values, saved by themselves like the form's (updatelocationdata). */
export function saveLocationData(
  itemId: number,
  locationId: string,
  values: Record<string, FormValue>,
  options: { keepalive: boolean },
): Promise<FlowDataItem> {
  return api.post<FlowDataItem>(
    `/api/flowdataitem/${itemId}/updatelocationdata`,
    { locationData: { location_id: locationId, values } },
    options,
  );
}

/** The intake or project templates (indexTemplates). */
export function useStageTemplates(kind: 'intake' | 'project', isEnabled = true) {
  return useQuery({
    queryKey: [kind, 'templates'],
    queryFn: ({ signal }) => api.get<(Intake | Project)[]>(`/api/${kind}/indextemplates`, { signal }),
    enabled: isEnabled,
  });
}
