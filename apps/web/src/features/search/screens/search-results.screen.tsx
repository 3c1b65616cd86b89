import { SEARCH_KINDS, SEARCH_MIN_CHARS, type SearchGroup, type SearchKind } from '@im/domain';
import { Alert, Anchor, Button, Card, Chip, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadingBlock } from '../../../ui/loading-block';
import { HitDetails } from '../components/snippet';
import { hitPath, hitTitle } from '../hit-link';
import { RESULTS_MAX, RESULTS_PAGE, useSearch } from '../queries';

const isKind = (value: string | null): value is SearchKind =>
  (SEARCH_KINDS as readonly string[]).includes(value ?? '');

/**
 * /search?query=&kind= (decision 055): every kind's best 10 hits, grouped, each with its snippet and a
 * link into the right place; a kind chosen (or its 'Meer tonen') lists that kind alone, 10 more at a time.
 */
export function SearchResultsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const term = (params.get('query') ?? '').trim();
  const kindParam = params.get('kind');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const [limit, setLimit] = useState({ key: '', value: RESULTS_PAGE });
  const key = `${term}\u0000${kind ?? ''}`;
  const currentLimit = limit.key === key ? limit.value : RESULTS_PAGE;
  const isActive = term.length >= SEARCH_MIN_CHARS;
  const search = useSearch(term, { kind, limit: currentLimit, enabled: isActive });
  // The kinds to choose from: those of the overview's answer (kept while one kind is shown).
  const overview = useSearch(term, { limit: RESULTS_PAGE, enabled: isActive && kind !== undefined });
  const kinds = (kind ? overview.data : search.data)?.groups.map((g) => g.kind) ?? [];

  const [text, setText] = useState(term);
  useEffect(() => setText(term), [term]);

  const show = (next: { query?: string; kind?: SearchKind }) => {
    const query = next.query ?? term;
    setParams(next.kind ? { query, kind: next.kind } : { query });
  };
  const groups = search.data?.groups ?? [];

  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>{term ? t('search.resultsFor', { term }) : t('search.resultsTitle')}</Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          show({ query: text.trim(), kind });
        }}
      >
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label={t('search.queryLabel')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            style={{ flex: 1 }}
            autoComplete="off"
            enterKeyHint="search"
          />
          <Button type="submit">{t('search.submit')}</Button>
        </Group>
      </form>
      {!isActive && <Text c="dimmed">{t('common.minChars')}</Text>}
      {isActive && kinds.length > 0 && (
        <Chip.Group
          multiple={false}
          value={kind ?? 'all'}
          onChange={(value) => show({ kind: isKind(value) ? value : undefined })}
        >
          <Group gap="xs">
            <Chip value="all" size="sm">
              {t('search.everything')}
            </Chip>
            {kinds.map((k) => (
              <Chip key={k} value={k} size="sm">
                {t(`search.kinds.${k}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      {search.isError && (
        <Alert color="red" role="alert">
          {search.error.message}
        </Alert>
      )}
      <LoadingBlock when={isActive && search.isPending} />
      {isActive && search.isSuccess && groups.length === 0 && <Text>{t('common.noResults')}</Text>}
      {groups.map((group) => (
        <ResultGroup
          key={group.kind}
          group={group}
          isOnlyKind={kind !== undefined}
          isLoadingMore={search.isFetching}
          onMore={() =>
            kind
              ? setLimit({ key, value: Math.min(RESULTS_MAX, currentLimit + RESULTS_PAGE) })
              : show({ kind: group.kind })
          }
          canGrow={!kind || currentLimit < RESULTS_MAX}
        />
      ))}
    </Stack>
  );
}

function ResultGroup({
  group,
  isOnlyKind,
  isLoadingMore,
  onMore,
  canGrow,
}: {
  group: SearchGroup;
  isOnlyKind: boolean;
  isLoadingMore: boolean;
  onMore: () => void;
  canGrow: boolean;
}) {
  const { t } = useTranslation();
  const headingId = `search-group-${group.kind}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        {t(`search.kinds.${group.kind}`)}
      </Title>
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {group.hits.map((hit) => (
          <li key={`${hit.kind}:${hit.id}`}>
            <Card withBorder padding="sm" radius="sm">
              <Anchor component={Link} to={hitPath(hit)} fw={600} size="sm" lineClamp={2}>
                {hitTitle(t, hit)}
              </Anchor>
              <HitDetails hit={hit} lineClamp={3} />
            </Card>
          </li>
        ))}
      </Stack>
      {group.more && canGrow && (
        <Group>
          <Button variant="light" size="sm" onClick={onMore} loading={isOnlyKind && isLoadingMore}>
            {t('common.showMore')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
