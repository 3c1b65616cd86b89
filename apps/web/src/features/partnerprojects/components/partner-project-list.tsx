import { PARTNER_PROJECT_PHASE_LABELS, type PartnerProject } from '@im/domain';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingBlock } from '../../../ui/loading-block';
import { PartnerProjectModal } from '../modals/partner-project.modal';
import { useOwnProjects, usePartnerProjects } from '../queries';
import { ProjectFlowTable } from './project-flow-table';

function ProjectLine({ project, to }: { project: PartnerProject; to?: string }) {
  const { t } = useTranslation();
  const title = to ? (
    <Anchor component={Link} to={to} fw={600}>
      {project.label}
    </Anchor>
  ) : (
    <Text fw={600}>{project.label}</Text>
  );
  return (
    <Group
      justify="space-between"
      wrap="wrap"
      py={6}
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Stack gap={2} style={{ minWidth: 0 }}>
        {title}
        <Text size="sm" c="dimmed">
          {t('partnerprojects.flowsCount', { count: project.flows_count })}
        </Text>
      </Stack>
      <Badge variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
        {PARTNER_PROJECT_PHASE_LABELS[project.status]}
      </Badge>
    </Group>
  );
}

/**
 * A partner's projects on its page; each opens the cockpit when the company has PROJECTMANAGEMENT, else its
 * log (spec 001 section 2: 'a partner project opens its own screen when the module is present').
 */
export function PartnerProjectList({ partnerId, hasCockpit }: { partnerId: number; hasCockpit: boolean }) {
  const { t } = useTranslation();
  const projects = usePartnerProjects(partnerId);
  const [isCreating, creating] = useDisclosure(false);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('partnerprojects.projectsTitle')}
          </Title>
          <Button size="xs" variant="default" onClick={creating.open}>
            {t('partnerprojects.newProject')}
          </Button>
        </Group>
        {projects.isPending && <LoadingBlock when />}
        {projects.isError && (
          <Text c="red" role="alert">
            {projects.error.message}
          </Text>
        )}
        {projects.isSuccess && projects.data.data.length === 0 && (
          <Text c="dimmed">{t('partnerprojects.noProjects')}</Text>
        )}
        {projects.data?.data.map((p) => (
          <ProjectLine
            key={p.id}
            project={p}
            to={hasCockpit ? `/partnerproject_detail/${p.id}` : `/partnerproject_logitems/${p.id}`}
          />
        ))}
      </Stack>
      <PartnerProjectModal partnerId={partnerId} opened={isCreating} onClose={creating.close} />
    </Card>
  );
}

/** The partner user's projects on their dashboard, each with its flows (read-only, opening /flow_partner). */
export function OwnProjects() {
  const { t } = useTranslation();
  const projects = useOwnProjects();
  const [open, setOpen] = useState<number | null>(null);
  const [filters, setFilters] = useState({});
  if (!projects.data || projects.data.length === 0) return null;
  const shown = open ?? projects.data[0]!.id;
  return (
    <Stack gap="sm">
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="xs">
          {t('partnerprojects.ownProjectsTitle')}
        </Title>
        {projects.data.map((p) => (
          <Group key={p.id} justify="space-between" wrap="nowrap">
            <div style={{ flex: 1, minWidth: 0 }}>
              <ProjectLine project={p} />
            </div>
            {p.id !== shown && (
              <Button variant="subtle" size="xs" onClick={() => setOpen(p.id)}>
                {t('partnerprojects.flowsTitle')}
              </Button>
            )}
          </Group>
        ))}
      </Card>
      <ProjectFlowTable key={shown} projectId={shown} forPartner filters={filters} onFilters={setFilters} />
    </Stack>
  );
}
