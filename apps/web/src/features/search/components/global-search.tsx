import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS, SEARCH_SUGGEST_PER_KIND, type SearchHit } from '@im/domain';
import { ActionIcon, Combobox, Loader, Modal, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasModule } from '../../../api/access';
import { useIsPhone } from '../../../ui/responsive';
import { useSession } from '../../auth';
import { hitPath, hitTitle } from '../hit-link';
import { useSearch } from '../queries';
import { HitDetails } from './snippet';

// Global search of the top bar (spec 001 sections 5 and 9, decision 055): from 3 characters, 750 ms
// after the last keystroke, the best hits of every kind; 'Alle resultaten' (or Enter without a chosen hit)
// opens the results screen, which shows 10 per kind and grows by 10. Arrows and Enter pick a hit.
const ALL = 'all';

type Hit = { value: string; to: string; hit: SearchHit };

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
  const isActive = term.length >= SEARCH_MIN_CHARS;
  const search = useSearch(term, { limit: SEARCH_SUGGEST_PER_KIND, enabled: isActive });
  const groups = (isActive ? (search.data?.groups ?? []) : []).map((group) => ({
    kind: group.kind,
    hits: group.hits.map<Hit>((hit) => ({ value: `${hit.kind}:${hit.id}`, to: hitPath(hit), hit })),
  }));
  const all = groups.flatMap((group) => group.hits);
  const isWaiting = text.trim() !== term || search.isFetching;

  const go = (to: string) => {
    combobox.closeDropdown();
    setText('');
    navigate(to);
    onNavigate?.();
  };
  const toResults = () => go(`/search?${new URLSearchParams({ query: text.trim() })}`);

  const onSubmit = (value: string) => {
    if (value === ALL) return toResults();
    const hit = all.find((candidate) => candidate.value === value);
    if (hit) go(hit.to);
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
          onKeyDown={(event) => {
            // Enter without a chosen hit searches everything on the results screen.
            if (
              event.key === 'Enter' &&
              combobox.getSelectedOptionIndex() === -1 &&
              text.trim().length >= SEARCH_MIN_CHARS
            ) {
              event.preventDefault();
              toResults();
            }
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
            <Combobox.Group key={group.kind} label={t(`search.kinds.${group.kind}`)}>
              {group.hits.map(({ value, hit }) => (
                <Combobox.Option key={value} value={value}>
                  <Text size="sm" fw={500} lineClamp={1}>
                    {hitTitle(t, hit)}
                  </Text>
                  <HitDetails hit={hit} lineClamp={1} />
                </Combobox.Option>
              ))}
            </Combobox.Group>
          ))}
          {isActive && all.length > 0 && (
            <Combobox.Option value={ALL}>
              <Text size="sm" c="blue" fw={500}>
                {t('search.allResults', { term })}
              </Text>
            </Combobox.Option>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
