import { fromAmsterdamInput, shiftPair, toAmsterdamInput } from '@im/domain';

interface DateForm<K extends string> {
  values: Record<K, string>;
  setFieldValue: (field: K, value: string) => void;
}

/**
 * Spec 001 section 4: editing the first date of a pair (an action's due date, an agenda item's start)
 * moves the second by the same interval. Answers the first field's change handler.
 */
export function linkedDateChange<K extends string>(form: DateForm<K>, first: K, second: K) {
  return (next: string) => {
    const previous = fromAmsterdamInput(form.values[first]);
    const other = fromAmsterdamInput(form.values[second]);
    const nextIso = fromAmsterdamInput(next);
    form.setFieldValue(first, next);
    if (previous && other && nextIso)
      form.setFieldValue(second, toAmsterdamInput(shiftPair(previous, other, nextIso)));
  };
}
