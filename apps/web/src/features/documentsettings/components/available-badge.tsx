import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocumentWidgetType } from '../queries';

/** 'Ja', or 'Komt met formulieren' for a widget type whose data arrives with the forms (wraps on a phone). */
export function AvailableBadge({ type }: { type: DocumentWidgetType }) {
  const { t } = useTranslation();
  return (
    <Text span size="sm" fw={type.available ? undefined : 500}>
      {type.available ? t('common.yes') : t('documentsettings.widgetTypes.comesWithForms')}
    </Text>
  );
}
