import { SEARCH_MIN_CHARS } from '@im/domain';
import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../toasts';

export const TYPEAHEAD_DEBOUNCE_MS = 300;
const NEW_OPTION = '__new__';

export interface TypeaheadProps<T> {
  label: string;
  placeholder?: string;
  value: T | null;
  onChange: (item: T | null) => void;
  /** Cache namespace of the search, e.g. 'relation'. */
  searchKey: string;
  search: (query: string, signal: AbortSignal) => Promise<T[]>;
  getKey: (item: T) => string;
  getLabel: (item: T) => string;
  getDescription?: (item: T) => string | null | undefined;
  /** When given, a '(nieuw)' entry creates an item from the typed text (spec 001 section 5). */
  onCreate?: (text: string) => Promise<T> | T;
  required?: boolean;
  error?: ReactNode;
  disabled?: boolean;
  description?: ReactNode;
  debounceMs?: number;
}

/** The spec: searching and the '(nieuw)' entry start above 2 typed characters. */
export function isSearchable(text: string): boolean {
  return text.trim().length >= SEARCH_MIN_CHARS;
}

/**
 * Search-as-you-type picker. Replies are keyed by the text they answer, so a slow reply for an older
 * text never replaces the list of the current one (stale replies are ignored).
 */
export function Typeahead<T>({
  label,
  placeholder,
  value,
  onChange,
  searchKey,
  search,
  getKey,
  getLabel,
  getDescription,
  onCreate,
  required,
  error,
  disabled,
  description,
  debounceMs = TYPEAHEAD_DEBOUNCE_MS,
}: TypeaheadProps<T>) {
  const { t } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState(() => (value ? getLabel(value) : ''));
  const [shownValue, setShownValue] = useState(value);
  const [isCreating, setCreating] = useState(false);
  const [debounced] = useDebouncedValue(text.trim(), debounceMs);

  // A value set from outside (a reset, a prefilled form) shows its label.
  if (value !== shownValue) {
    setShownValue(value);
    if (value) setText(getLabel(value));
  }

  const isTyping = !value && isSearchable(debounced);
  const results = useQuery({
    queryKey: ['typeahead', searchKey, debounced],
    queryFn: ({ signal }) => search(debounced, signal),
    enabled: isTyping,
    staleTime: 30_000,
  });
  const items = isTyping && debounced === text.trim() ? (results.data ?? []) : [];
  const canCreate = Boolean(onCreate) && !value && isSearchable(text);

  const onType = (next: string) => {
    setText(next);
    if (value) onChange(null);
    combobox.openDropdown();
    combobox.updateSelectedOptionIndex();
  };

  const onSubmitOption = async (key: string) => {
    combobox.closeDropdown();
    if (key !== NEW_OPTION) {
      const item = items.find((candidate) => getKey(candidate) === key);
      if (item) {
        setText(getLabel(item));
        onChange(item);
      }
      return;
    }
    if (!onCreate) return;
    setCreating(true);
    try {
      const created = await onCreate(text.trim());
      setText(getLabel(created));
      onChange(created);
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setCreating(false);
    }
  };

  const isSearching = isTyping && (results.isFetching || debounced !== text.trim());
  const hasNoHits = isTyping && !isSearching && results.isSuccess && items.length === 0;
  const isOpen = !value && text.trim().length > 0;

  return (
    <Combobox store={combobox} onOptionSubmit={(key) => void onSubmitOption(key)} withinPortal>
      <Combobox.Target>
        <TextInput
          label={label}
          placeholder={placeholder}
          value={text}
          required={required}
          error={error}
          disabled={disabled || isCreating}
          description={description}
          autoComplete="off"
          rightSection={isSearching || isCreating ? <Loader size="xs" /> : null}
          onChange={(event) => onType(event.currentTarget.value)}
          onFocus={() => combobox.openDropdown()}
          onClick={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!isOpen}>
        <Combobox.Options>
          {!isSearchable(text) && <Combobox.Empty>{t('common.minChars')}</Combobox.Empty>}
          {items.map((item) => {
            const detail = getDescription?.(item);
            return (
              <Combobox.Option value={getKey(item)} key={getKey(item)}>
                <Text size="sm">{getLabel(item)}</Text>
                {detail && (
                  <Text size="xs" c="dimmed">
                    {detail}
                  </Text>
                )}
              </Combobox.Option>
            );
          })}
          {hasNoHits && !canCreate && <Combobox.Empty>{t('common.noResults')}</Combobox.Empty>}
          {canCreate && (
            <Combobox.Option value={NEW_OPTION}>
              <Text size="sm" fw={500}>
                {t('typeahead.newEntry', { text: text.trim() })}
              </Text>
            </Combobox.Option>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
