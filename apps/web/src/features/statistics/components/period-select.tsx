import { Select } from '@mantine/core';

/** How many periods (months or weeks) a statistics screen shows, from a fixed list of choices. */
export function PeriodSelect({
  label,
  choices,
  choiceLabel,
  value,
  onChange,
}: {
  label: string;
  choices: readonly number[];
  choiceLabel: (count: number) => string;
  value: number;
  onChange: (count: number) => void;
}) {
  return (
    <Select
      label={label}
      data={choices.map((count) => ({ value: String(count), label: choiceLabel(count) }))}
      value={String(value)}
      onChange={(v) => v && onChange(Number(v))}
      allowDeselect={false}
      w={{ base: '100%', xs: 160 }}
    />
  );
}
