import type { ProjectFlow, ProjectFlowPage } from '@im/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { Typeahead } from '../../../ui/typeahead';
import { useProjectFlows } from '../queries';

export interface ProjectFlowOption {
  id: number;
  label: string;
  address?: string;
}

export const projectFlowOption = (f: ProjectFlow): ProjectFlowOption => ({
  id: f.id,
  label: `${f.number} · ${f.description || f.relation_fullname}`,
  address: [f.relation_fullname, f.address].filter(Boolean).join(' · '),
});

/** Ten of the project's flows matching the typed number, customer or address (the server searches). */
export function searchProjectFlows(projectId: number, query: string, signal: AbortSignal) {
  return api
    .get<ProjectFlowPage>(`/api/partnerproject/${projectId}/flows`, {
      query: { query, offset: 0, limit: 10 },
      signal,
    })
    .then((page) => page.data.map(projectFlowOption));
}

/** The label of a flow known by id only (a stored model flow): read from the project's list. */
export function useProjectFlowOption(projectId: number, flowId: number | null): ProjectFlowOption | null {
  const found = useProjectFlows(projectId, flowId ? { flow_id: flowId } : {}, 0, 1, false, flowId !== null);
  const flow = found.data?.data[0];
  // One object per flow and answer: the typeahead compares its value by identity.
  return useMemo(() => {
    if (flowId === null) return null;
    return flow && flow.id === flowId ? projectFlowOption(flow) : { id: flowId, label: `Dossier ${flowId}` };
  }, [flowId, flow]);
}

/**
 * Picks one of the project's flows by typing its number, customer or address: a server-side search, so a
 * project of 240 homes (or 10,000) offers every flow, not the first page (decision 066).
 */
export function ProjectFlowTypeahead({
  projectId,
  label,
  placeholder,
  value,
  onChange,
}: {
  projectId: number;
  label: string;
  placeholder?: string;
  value: ProjectFlowOption | null;
  onChange: (value: ProjectFlowOption | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Typeahead<ProjectFlowOption>
      label={label}
      placeholder={placeholder ?? t('partnerprojects.searchFlow')}
      value={value}
      onChange={onChange}
      searchKey={`partnerproject-flows-${projectId}`}
      search={(query, signal) => searchProjectFlows(projectId, query, signal)}
      getKey={(o) => String(o.id)}
      getLabel={(o) => o.label}
      getDescription={(o) => o.address}
    />
  );
}
