import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Relation } from '../types';

/** Possible duplicates from checkfordoublerelations; the user may still save. */
export function DuplicatesWarning({ duplicates }: { duplicates: Relation[] }) {
  const { t } = useTranslation();
  if (duplicates.length === 0) return null;
  return (
    <Alert
      color="yellow"
      icon={<IconAlertTriangle size={18} />}
      title={t('relations.duplicatesTitle')}
      role="alert"
    >
      <Text size="sm" mb="xs">
        {t('relations.duplicatesText')}
      </Text>
      <List size="sm" spacing={2}>
        {duplicates.map((relation) => (
          <List.Item key={relation.id}>
            <Anchor component={Link} to={`/relation_detail/${relation.id}`} target="_blank" size="sm">
              {relation.fullname}
            </Anchor>
            {[relation.email, relation.address].filter(Boolean).length > 0 && (
              <Text span size="sm" c="dimmed">
                {' '}
                · {[relation.email, relation.address].filter(Boolean).join(' · ')}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
