import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailActions } from '../../../ui/detail';
import { WhatsAppLink } from '../../communication';
import type { Relation } from '../types';

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Text size="sm" component="span">
        {children}
      </Text>
    </Group>
  );
}

/** Name and contact details of the relation, with edit and delete. */
export function RelationHeader({
  relation,
  onEdit,
  onDelete,
  isDeleting,
}: {
  relation: Relation;
  onEdit: () => void;
  onDelete: () => void;
  isDeleting: boolean;
}) {
  const { t } = useTranslation();
  const phones = [relation.phone, relation.mobile].filter(Boolean);
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={6}>
          <Title order={1} size="h2">
            {relation.fullname}
          </Title>
          <Group gap="lg" wrap="wrap">
            {relation.email && (
              <Line icon={<IconMail size={16} aria-hidden />}>
                <Anchor href={`mailto:${relation.email}`} size="sm">
                  {relation.email}
                </Anchor>
              </Line>
            )}
            {phones.map((phone) => (
              <Line key={phone} icon={<IconPhone size={16} aria-hidden />}>
                <Anchor href={`tel:${phone.replace(/\s+/g, '')}`} size="sm">
                  {phone}
                </Anchor>
                <WhatsAppLink phone={phone} />
              </Line>
            ))}
            {relation.address && <Line icon={<IconMapPin size={16} aria-hidden />}>{relation.address}</Line>}
          </Group>
          <Text size="xs" c="dimmed">
            {t('common.leadSource')}: {relation.lead_source}
            {relation.buyer_reference && ` · ${t('relations.buyerReference')}: ${relation.buyer_reference}`}
            {relation.order_reference && ` · ${t('relations.orderReference')}: ${relation.order_reference}`}
          </Text>
        </Stack>
        <DetailActions onEdit={onEdit} onDelete={onDelete} isDeleting={isDeleting} />
      </Group>
    </Card>
  );
}
