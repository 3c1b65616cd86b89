import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useProject } from '../queries';

/** A project's label linking to its cockpit (a relation's flow groups); `fallback` while unknown or not allowed. */
export function PartnerProjectName({ id, fallback }: { id: number; fallback: string }) {
  const project = useProject(id);
  if (!project.data) return <>{fallback}</>;
  return (
    <Anchor component={Link} to={`/partnerproject_detail/${id}`} inherit>
      {project.data.label}
    </Anchor>
  );
}
