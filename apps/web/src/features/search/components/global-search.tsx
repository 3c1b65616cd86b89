import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@im/domain';
import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasModule } from '../../../app/access';
import { useSession } from '../../auth';
import { SEARCH_MAX, SEARCH_PAGE, type SearchResults, useGlobalSearch } from '../queries';

// Global search of the top bar (spec 001 sections 5 and 9): from 3 characters, 750 ms after the
// last keystroke, 10 hits per kind, 'Meer tonen' asks 10 more; arrows and Enter pick a hit.
const MORE = 'more';

type Hit = { value: string; to: string; label: string; description?: string | null };

function toHits(results: SearchResults | undefined) {
  return {
    flows: (results?.flows ?? []).map<Hit>((flow) => ({
      value: `flow:${flow.id}`,
      to: `/flow_detail/${flow.id}`,
      label: `#${flow.number} ${flow.relation_fullname}`,
      description: [flow.description, flow.address].filter(Boolean).join(' · '),
    })),
    relations: (results?.relations ?? []).map<Hit>((relation) => ({
      value: `relation:${relation.id}`,
      to: `/relation_detail/${relation.id}`,
      label: relation.fullname,
      description: relation.address,
    })),
    organizations: (results?.organizations ?? []).map<Hit>((organization) => ({
      value: `organization:${organization.id}`,
      to: `/organization_detail/${organization.id}`,
      label: organization.name,
      description: organization.address,
    })),
  };
}

export function GlobalSearch() {
  const session = useSession();
  return hasModule(session, 'CRM') ? <GlobalSearchBox /> : null;
}

function GlobalSearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const [term] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [limit, setLimit] = useState({ term: '', value: SEARCH_PAGE });
  // A new term starts again at 10.
  const currentLimit = limit.term === term ? limit.value : SEARCH_PAGE;
  const isActive = term.length >= SEARCH_MIN_CHARS;
  const search = useGlobalSearch(term, currentLimit, isActive);
  const hits = toHits(isActive ? search.data : undefined);
  const groups = [
    { key: 'flows', label: t('search.flows'), hits: hits.flows },
    { key: 'relations', label: t('search.relations'), hits: hits.relations },
    { key: 'organizations', label: t('search.organizations'), hits: hits.organizations },
  ].filter((group) => group.hits.length > 0);
  const all = groups.flatMap((group) => group.hits);
  const isWaiting = text.trim() !== term || search.isFetching;
  const hasMore = currentLimit < SEARCH_MAX && groups.some((group) => group.hits.length >= currentLimit);

  const onSubmit = (value: string) => {
    if (value === MORE) {
      setLimit({ term, value: Math.min(SEARCH_MAX, currentLimit + SEARCH_PAGE) });
      return;
    }
    const hit = all.find((candidate) => candidate.value === value);
    if (!hit) return;
    combobox.closeDropdown();
    setText('');
    navigate(hit.to);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={onSubmit} width={380} position="bottom-end" withinPortal>
      <Combobox.Target>
        <TextInput
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          leftSection={<IconSearch size={16} />}
          rightSection={isActive && isWaiting ? <Loader size="xs" /> : null}
          value={text}
          w={{ base: 160, sm: 280 }}
          autoComplete="off"
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={text.trim().length === 0}>
        <Combobox.Options mah={420} style={{ overflowY: 'auto' }}>
          {text.trim().length < SEARCH_MIN_CHARS && <Combobox.Empty>{t('search.minChars')}</Combobox.Empty>}
          {isActive && !isWaiting && search.isSuccess && all.length === 0 && (
            <Combobox.Empty>{t('search.noResults')}</Combobox.Empty>
          )}
          {search.isError && isActive && <Combobox.Empty>{search.error.message}</Combobox.Empty>}
          {groups.map((group) => (
            <Combobox.Group key={group.key} label={group.label}>
              {group.hits.map((hit) => (
                <Combobox.Option key={hit.value} value={hit.value}>
                  <Text size="sm" fw={500}>
                    {hit.label}
                  </Text>
                  {hit.description && (
                    <Text size="xs" c="dimmed">
                      {hit.description}
                    </Text>
                  )}
                </Combobox.Option>
              ))}
            </Combobox.Group>
          ))}
          {hasMore && (
            <Combobox.Option value={MORE}>
              <Text size="sm" c="blue" fw={500}>
                {t('search.more')}
              </Text>
            </Combobox.Option>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
