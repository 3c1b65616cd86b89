import type {
  Incident,
  IncidentAction,
  IncidentType,
  Paginated,
  RequestOf,
  zCreateIncident,
  zCreateIncidentType,
  zUpdateIncident,
  zUpdateIncidentType,
} from '@im/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

// Keys start with the entity name, so the live channel refreshes them (api/live.ts); the overview's
// table (key 'table') follows every event as well.
const INCIDENT = ['incident'] as const;
const INCIDENT_TYPE = ['incidenttype'] as const;
const TABLE = ['table'] as const;

export const INCIDENTS_PATH = '/api/incident/querypaginated';

function useRefresh(...keys: (readonly string[])[]) {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
}

/** The dashboard's incidents: open ones by default (spec 001 section 9), the role's own scope. */
export function useDashboardIncidents(status: 'open' | 'ongoing', limit: number) {
  return useQuery({
    queryKey: [...INCIDENT, 'dashboard', status, limit],
    queryFn: ({ signal }) =>
      api.get<Paginated<Incident>>(INCIDENTS_PATH, { query: { status, limit, offset: 0 }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useFlowIncidents(flowId: number) {
  return useQuery({
    queryKey: [...INCIDENT, 'flow', flowId],
    queryFn: ({ signal }) => api.get<Incident[]>('/api/incident', { query: { flow_id: flowId }, signal }),
  });
}

export type SaveIncident =
  | ({ id?: undefined } & RequestOf<typeof zCreateIncident>)
  | ({ id: number } & RequestOf<typeof zUpdateIncident>);

/** Create (no id) or change (edit and edituser modals). */
export function useSaveIncident() {
  const refresh = useRefresh(INCIDENT, TABLE);
  return useMutation({
    mutationFn: ({ id, ...body }: SaveIncident) =>
      id ? api.patch<Incident>(`/api/incident/${id}`, body) : api.post<Incident>('/api/incident', body),
    onSuccess: refresh,
  });
}

/** Resolve, reopen or mark ongoing: POST /api/incident/{id}/{action}. */
export function useIncidentStatus() {
  const refresh = useRefresh(INCIDENT, TABLE);
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: IncidentAction }) =>
      api.post<Incident>(`/api/incident/${id}/${action}`),
    onSuccess: refresh,
  });
}

export function useDeleteIncident() {
  const refresh = useRefresh(INCIDENT, TABLE);
  return useMutation({ mutationFn: (id: number) => api.delete(`/api/incident/${id}`), onSuccess: refresh });
}

export function useIncidentTypes() {
  return useQuery({
    queryKey: INCIDENT_TYPE,
    queryFn: ({ signal }) => api.get<IncidentType[]>('/api/incidenttype', { signal }),
  });
}

export type SaveIncidentType =
  | ({ id?: undefined } & RequestOf<typeof zCreateIncidentType>)
  | ({ id: number } & RequestOf<typeof zUpdateIncidentType>);

/** A type's name shows on its incidents: their lists refresh too. */
export function useSaveIncidentType() {
  const refresh = useRefresh(INCIDENT_TYPE, INCIDENT, TABLE);
  return useMutation({
    mutationFn: ({ id, ...body }: SaveIncidentType) =>
      id
        ? api.patch<IncidentType>(`/api/incidenttype/${id}`, body)
        : api.post<IncidentType>('/api/incidenttype', body),
    onSuccess: refresh,
  });
}

export function useDeleteIncidentType() {
  const refresh = useRefresh(INCIDENT_TYPE, INCIDENT, TABLE);
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/incidenttype/${id}`),
    onSuccess: refresh,
  });
}
