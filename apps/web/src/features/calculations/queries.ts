import type {
  Calculation,
  CalculationItem,
  CalculationRow,
  RequestOf,
  zCreateCalculation,
  zCreateCalculationItem,
  zUpdateCalculation,
  zUpdateCalculationItem,
  zUpdateOrder,
  zUpdateRowColumnArray,
} from '@im/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { draftRequests } from './components/line-drafts';

export const CALCULATION_KEY = ['calculation'] as const;

export function useCalculation(id: number | null) {
  return useQuery({
    queryKey: [...CALCULATION_KEY, id],
    queryFn: ({ signal }) => api.get<Calculation>(`/api/calculation/${id}`, { signal }),
    enabled: id !== null && id > 0,
  });
}

export function useFlowCalculations(flowId: number | null, enabled = true) {
  return useQuery({
    queryKey: [...CALCULATION_KEY, 'flow', flowId],
    queryFn: ({ signal }) =>
      api.get<CalculationRow[]>('/api/calculation', { query: { flow_id: flowId }, signal }),
    enabled: enabled && flowId !== null,
  });
}

/** The flow's own (working) calculations: those no document holds (decision 037). */
export const dossierCalculations = (rows: CalculationRow[] | undefined) =>
  (rows ?? []).filter((row) => row.document === null && !row.calculationtemplate);

export function useCalculationTemplates() {
  return useQuery({
    queryKey: [...CALCULATION_KEY, 'templates'],
    queryFn: ({ signal }) => api.get<CalculationRow[]>('/api/calculation/indextemplates', { signal }),
  });
}

/** A changed calculation: its own cache entry takes the answer, lists refetch. */
function store(queryClient: QueryClient, calculation: Calculation) {
  queryClient.setQueryData([...CALCULATION_KEY, calculation.id], calculation);
  void queryClient.invalidateQueries({ queryKey: [...CALCULATION_KEY, 'flow'] });
  void queryClient.invalidateQueries({ queryKey: [...CALCULATION_KEY, 'templates'] });
}

function refetch(queryClient: QueryClient, id: number) {
  void queryClient.invalidateQueries({ queryKey: CALCULATION_KEY });
  return queryClient.refetchQueries({ queryKey: [...CALCULATION_KEY, id] });
}

export function useCreateCalculation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof zCreateCalculation>) =>
      api.post<Calculation>('/api/calculation', body),
    onSuccess: (calculation) => store(queryClient, calculation),
  });
}

export function useUpdateCalculation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof zUpdateCalculation>) =>
      api.patch<Calculation>(`/api/calculation/${id}`, body),
    onSuccess: (calculation) => store(queryClient, calculation),
  });
}

export type CalculationAction =
  | 'empty'
  | 'reloadoriginitems'
  | 'addall'
  | 'split'
  | 'resettotemplate'
  | 'copyfrom'
  | 'saveastemplate'
  | 'updateorder'
  | 'updaterowcolumnarray';

type ActionBody =
  | Record<string, never>
  | { template_id?: number }
  | { calculation_id: number }
  | { name: string }
  | RequestOf<typeof zUpdateOrder>
  | RequestOf<typeof zUpdateRowColumnArray>;

/** The calculation-wide actions; each answers the changed calculation (save as template: the new template). */
export function useCalculationAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body = {} }: { action: CalculationAction; body?: ActionBody }) =>
      api.post<Calculation>(`/api/calculation/${id}/${action}`, body),
    onSuccess: (calculation) => store(queryClient, calculation),
  });
}

export function useDeleteCalculation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/calculation/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: CALCULATION_KEY }),
  });
}

export function useCreateItem(calculationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<RequestOf<typeof zCreateCalculationItem>, 'calculation_id'>) =>
      api.post<CalculationItem>('/api/calculationitem', { ...body, calculation_id: calculationId }),
    onSuccess: () => refetch(queryClient, calculationId),
  });
}

/**
 * The editor's autosave: the kept drafts of every line and the discount, sent together; the
 * calculation is read again before the save counts as done, so the screen shows the server's totals.
 */
export function useSaveCalculationDrafts(calculationId: number) {
  const queryClient = useQueryClient();
  return async (items: CalculationItem[], saved: Record<string, string>, options: { keepalive: boolean }) => {
    const requests = draftRequests(items, saved);
    await Promise.all([
      ...[...requests.items].map(([id, body]) => api.patch(`/api/calculationitem/${id}`, body, options)),
      ...(requests.discount === undefined
        ? []
        : [api.patch(`/api/calculation/${calculationId}`, { discount: requests.discount }, options)]),
    ]);
    await refetch(queryClient, calculationId);
  };
}

export function useUpdateItem(calculationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: RequestOf<typeof zUpdateCalculationItem> & { id: number }) =>
      api.patch<CalculationItem>(`/api/calculationitem/${id}`, body),
    onSuccess: () => refetch(queryClient, calculationId),
  });
}

export function useItemAction(calculationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      action,
    }: {
      id: number;
      action: 'duplicate' | 'split' | 'switchselection' | 'delete';
    }) =>
      action === 'delete'
        ? api.delete<unknown>(`/api/calculationitem/${id}`)
        : api.post<unknown>(`/api/calculationitem/${id}/${action}`),
    onSuccess: () => refetch(queryClient, calculationId),
  });
}
