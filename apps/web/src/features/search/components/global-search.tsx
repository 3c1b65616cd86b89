import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@im/domain';
import { ActionIcon, Combobox, Loader, Modal, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasModule } from '../../../api/access';
import { useIsPhone } from '../../../ui/responsive';
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
  const isPhone = useIsPhone();
  if (!hasModule(session, 'CRM')) return null;
  return isPhone ? <PhoneSearch /> : <GlobalSearchBox />;
}

/** On a phone the top bar shows a search icon; it opens the search over the full width. */
function PhoneSearch() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <ActionIcon variant="subtle" color="white" size="lg" aria-label={t('search.label')} onClick={open}>
        <IconSearch size={20} />
      </ActionIcon>
      <Modal
        opened={opened}
        onClose={close}
        fullScreen
        title={t('search.label')}
        transitionProps={{ duration: 0 }}
      >
        <GlobalSearchBox fullWidth onNavigate={close} />
      </Modal>
    </>
  );
}

function GlobalSearchBox({
  fullWidth = false,
  onNavigate,
}: {
  fullWidth?: boolean;
  onNavigate?: () => void;
}) {
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
    onNavigate?.();
  };

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={onSubmit}
      width={fullWidth ? 'target' : 380}
      position="bottom-end"
      withinPortal={!fullWidth}
    >
      <Combobox.Target>
        <TextInput
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          leftSection={<IconSearch size={16} />}
          rightSection={isActive && isWaiting ? <Loader size="xs" /> : null}
          value={text}
          w={fullWidth ? '100%' : { base: 200, md: 280 }}
          data-autofocus={fullWidth || undefined}
          autoComplete="off"
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => !fullWidth && combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={text.trim().length === 0}>
        <Combobox.Options mah={fullWidth ? 'calc(100dvh - 140px)' : 420} style={{ overflowY: 'auto' }}>
          {text.trim().length < SEARCH_MIN_CHARS && <Combobox.Empty>{t('common.minChars')}</Combobox.Empty>}
          {isActive && !isWaiting && search.isSuccess && all.length === 0 && (
            <Combobox.Empty>{t('common.noResults')}</Combobox.Empty>
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
                {t('common.showMore')}
              </Text>
            </Combobox.Option>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
