import { FLOW_IMPORT_FIELDS, type FlowImportField, type FlowImportMapping } from '@im/domain';
import { Button, Card, Collapse, Select, SimpleGrid, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../ui/responsive';

interface Props {
  columns: string[];
  mapping: FlowImportMapping;
  isBusy: boolean;
  onChange: (mapping: FlowImportMapping) => void;
}

/** Per field, the file's column it reads; a column taken by one field is freed from the one that had it. */
export function ImportMapping({ columns, mapping, isBusy, onChange }: Props) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [isOpen, setOpen] = useState(false);
  const linked = FLOW_IMPORT_FIELDS.filter((f) => mapping[f]).length;
  const options = [
    { value: '', label: t('flowImports.notImported') },
    ...columns.map((c) => ({ value: c, label: c })),
  ];
  const choose = (field: FlowImportField, column: string | null) => {
    const next: FlowImportMapping = { ...mapping };
    if (column) for (const f of FLOW_IMPORT_FIELDS) if (next[f] === column) next[f] = null;
    next[field] = column || null;
    onChange(next);
  };
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4">
        {t('flowImports.mappingTitle')}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {t('flowImports.mappingIntro')}
      </Text>
      {isPhone && (
        <Button variant="default" size="xs" onClick={() => setOpen((o) => !o)} aria-expanded={isOpen}>
          {t('flowImports.mappingToggle', { linked, total: FLOW_IMPORT_FIELDS.length })}
        </Button>
      )}
      <Collapse expanded={!isPhone || isOpen}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" mt={isPhone ? 'sm' : 0}>
          {FLOW_IMPORT_FIELDS.map((field) => (
            <Select
              key={field}
              label={t(`flowImports.fields.${field}`)}
              data={options}
              value={mapping[field] ?? ''}
              onChange={(value) => choose(field, value)}
              disabled={isBusy}
              allowDeselect={false}
              searchable
              comboboxProps={{ withinPortal: true }}
            />
          ))}
        </SimpleGrid>
      </Collapse>
    </Card>
  );
}
