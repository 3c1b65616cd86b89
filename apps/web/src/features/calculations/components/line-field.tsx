import type { CalculationItem } from '@im/domain';
import { TextInput } from '@mantine/core';
import { type DraftField, parsedDraft } from './line-drafts';

/** A number as a Dutch reader types it (decimal comma). */
export const shown = (n: number) => String(n).replace('.', ',');

interface LineFieldProps {
  item: CalculationItem;
  name: DraftField;
  /** The saved value as text; a draft (what is being typed) goes before it. */
  value: string;
  label: string;
  draft: Record<string, string | undefined>;
  isReadOnly?: boolean;
  left?: string;
  onDraft: (id: number, field: DraftField, text: string) => void;
  onCommit: (item: CalculationItem, field: DraftField) => void;
}

/** One inline field of a line: shows the draft while typing, saves when it loses focus or on Enter. */
export function LineField({
  item,
  name,
  value,
  label,
  draft,
  isReadOnly,
  left,
  onDraft,
  onCommit,
}: LineFieldProps) {
  const text = draft[name] ?? value;
  const invalid =
    name !== 'item_name' && draft[name] !== undefined && parsedDraft(name, draft[name]) === undefined;
  return (
    <TextInput
      aria-label={label}
      size="xs"
      value={text}
      leftSection={left}
      inputMode={name === 'item_name' ? undefined : 'decimal'}
      error={invalid}
      readOnly={isReadOnly}
      onChange={(e) => onDraft(item.id, name, e.currentTarget.value)}
      onBlur={() => onCommit(item, name)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur();
      }}
    />
  );
}
