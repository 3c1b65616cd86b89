import { Button, Group, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { addDays, format, parseISO } from 'date-fns';

/** Today's calendar date (yyyy-MM-dd) in Europe/Amsterdam. */
export const todayInAmsterdam = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
const shiftDay = (date: string, days: number) => format(addDays(parseISO(date), days), 'yyyy-MM-dd');

/** One day with previous / next / today buttons (the log overview, the notification overview). */
export function DayPicker({
  date,
  onChange,
  labels,
}: {
  date: string;
  onChange: (date: string) => void;
  labels: { date: string; previousDay: string; nextDay: string; today: string };
}) {
  const choose = (next: string) => {
    if (/^\d{4}-\d{2}-\d{2}$/.test(next)) onChange(next);
  };
  return (
    <Group gap="sm" align="flex-end">
      <Button
        variant="default"
        leftSection={<IconChevronLeft size={16} />}
        onClick={() => choose(shiftDay(date, -1))}
      >
        {labels.previousDay}
      </Button>
      <TextInput
        type="date"
        label={labels.date}
        value={date}
        onChange={(e) => choose(e.currentTarget.value)}
      />
      <Button
        variant="default"
        rightSection={<IconChevronRight size={16} />}
        onClick={() => choose(shiftDay(date, 1))}
      >
        {labels.nextDay}
      </Button>
      <Button variant="subtle" onClick={() => choose(todayInAmsterdam())}>
        {labels.today}
      </Button>
    </Group>
  );
}
