import { memo, useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, Loader, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { CatalogueService } from '@portal/api-contract';
import { useSearchParams } from 'wouter';
import { errorMessage } from '../../../lib/apiError';
import { openModal } from '../../../modals/modalStore';
import { PER_PAGE, useAreas, useInstitutions, useServicePage } from '../api';
import { CHANNEL_LABELS, countLabel, emptyResultTitle, hasFilters, readFilters, TYPE_LABELS, writeFilters, type CatalogueFilters } from '../filters';
import { PageIntro } from '../../../components/PageIntro';
import { CATALOGUE_INTRO } from '../intros';
import { ServiceCard } from './ServiceCard';

interface SearchBoxProps {
  initial: string;
  onSearch(q: string): void;
}

/** The text search; it shows the address's q, again whenever that changes (Back), without losing focus. Memoised like the filters. */
const SearchBox = memo(function SearchBox({ initial, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(initial);
  const [shown, setShown] = useState(initial);
  if (shown !== initial) {
    setShown(initial);
    setText(initial);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" aria-label="Buscar en el catálogo" onSubmit={submit}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Buscar un servicio"
          placeholder="Por ejemplo: certificación, pasaporte, RNC"
          type="search"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={200}
          style={{ flex: 1 }}
        />
        <Button type="submit">Buscar</Button>
      </Group>
    </form>
  );
});

const ANY = '';
const RESULT_LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 };

/**
 * The cards of one answer. Memoised on the answer's list: while a filter's
 * answer is on its way the page re-renders with the previous one (and a loader)
 * without rebuilding its cards, so the call starts sooner and the new cards
 * are the only list render on the way to their paint.
 */
const ResultList = memo(function ResultList({ services }: { services: CatalogueService[] }) {
  return (
    <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" style={RESULT_LIST_STYLE}>
      {services.map((service) => (
        <li key={service.id}><ServiceCard service={service} /></li>
      ))}
    </SimpleGrid>
  );
});

interface FilterCardProps {
  filters: CatalogueFilters;
  /** Applies a change of filters (a new address). */
  onChange(change: Partial<CatalogueFilters>): void;
  /** Removes the search and every filter. */
  onClear(): void;
}

const numeric = (value: string) => (value === ANY ? null : Number(value));

/**
 * The four filters. Memoised on the filters: the page's renders while an
 * answer loads and when it arrives leave the selects alone.
 */
const FilterCard = memo(function FilterCard({ filters, onChange, onClear }: FilterCardProps) {
  const areas = useAreas();
  const institutions = useInstitutions();
  const filterFailed = areas.error || institutions.error;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="filtros">
      <Title order={2} size="h4" id="filtros" mb="xs">Filtros</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <NativeSelect
          label="Área"
          value={filters.area === null ? ANY : String(filters.area)}
          onChange={(e) => onChange({ area: numeric(e.currentTarget.value) })}
          data={[{ value: ANY, label: 'Todas las áreas' }, ...(areas.data ?? []).map((a) => ({ value: String(a.id), label: `${a.name} (${a.services_count})` }))]}
        />
        <NativeSelect
          label="Institución"
          value={filters.institution === null ? ANY : String(filters.institution)}
          onChange={(e) => onChange({ institution: numeric(e.currentTarget.value) })}
          data={[{ value: ANY, label: 'Todas las instituciones' }, ...(institutions.data ?? []).map((i) => ({ value: String(i.id), label: `${i.acronym} · ${i.name}` }))]}
        />
        <NativeSelect
          label="Tipo"
          value={filters.type ?? ANY}
          onChange={(e) => onChange({ type: (e.currentTarget.value || null) as CatalogueFilters['type'] })}
          data={[{ value: ANY, label: 'Todos los tipos' }, ...Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }))]}
        />
        <NativeSelect
          label="Canal"
          value={filters.channel ?? ANY}
          onChange={(e) => onChange({ channel: (e.currentTarget.value || null) as CatalogueFilters['channel'] })}
          data={[{ value: ANY, label: 'Todos los canales' }, ...Object.entries(CHANNEL_LABELS).map(([value, label]) => ({ value, label }))]}
        />
      </SimpleGrid>
      {filterFailed && (
        <Text size="sm" c="red.8" mt="xs" role="alert">
          No se pudieron cargar las listas de áreas o instituciones.{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => { void areas.mutate(); void institutions.mutate(); }}>Intentar de nuevo</Button>
        </Text>
      )}
      {hasFilters(filters) && (
        <Button variant="subtle" mt="xs" px={0} onClick={onClear}>Quitar la búsqueda y los filtros</Button>
      )}
    </Card>
  );
});

/**
 * Servicios: the catalogue. A text search and four filters (área,
 * institución, tipo, canal), all in the address so a search can be shared and
 * Back returns to the previous results; the number of results, pages of 12,
 * each result a link to its service page. No result offers to suggest the
 * service; a failed call says so in Spanish with "Intentar de nuevo" (the
 * search stays in the address, nothing is lost).
 *
 * A filter change renders the selects once, and the results once when their
 * answer arrives (search box, filters and cards are memoised; the callbacks
 * below keep one identity): `npm run bench` measures the change to the paint.
 */
export function CataloguePage() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => readFilters(search), [search]);
  const { data, error, isLoading, isValidating, mutate } = useServicePage(filters);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  /** A new address (a history entry: Back returns here); any change but the page goes back to page 1. */
  const go = useCallback(
    (change: Partial<CatalogueFilters>) => setSearch((current) => writeFilters({ ...readFilters(current), page: 1, ...change })),
    [setSearch],
  );
  const clear = useCallback(() => setSearch(new URLSearchParams()), [setSearch]);
  const searchText = useCallback((q: string) => go({ q }), [go]);
  const toPage = (page: number) => {
    go({ page });
    window.scrollTo({ top: 0 });
    resultsHeading.current?.focus();
  };

  const lastPage = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;

  return (
    <Stack gap="lg">
      <PageIntro {...CATALOGUE_INTRO} />
      <SearchBox initial={filters.q} onSearch={searchText} />
      <FilterCard filters={filters} onChange={go} onClear={clear} />

      <section aria-labelledby="resultados">
        <Group justify="space-between" align="center" mb="sm">
          <Title order={2} size="h3" id="resultados" ref={resultsHeading} tabIndex={-1} aria-live="polite">
            {data ? countLabel(data.total) : 'Resultados'}
          </Title>
          {isValidating && data && <Loader role="progressbar" size="sm" aria-label="Actualizando los resultados" />}
        </Group>

        {error && !isValidating ? (
          <Alert color="red" title="No se pudieron cargar los servicios">
            <Text size="sm">{errorMessage(error) ?? 'Intente de nuevo en unos momentos.'}</Text>
            <Button mt="sm" variant="default" onClick={() => void mutate()}>Intentar de nuevo</Button>
          </Alert>
        ) : isLoading && !data ? (
          <Loader role="progressbar" aria-label="Cargando los servicios" />
        ) : data && data.total === 0 ? (
          <Card withBorder padding="lg">
            <Text fw={700}>{emptyResultTitle(filters)}</Text>
            <Text mt="xs">Pruebe con otras palabras o quite algún filtro. Si el servicio que busca no está en el portal, sugiéranos que lo agreguemos.</Text>
            <Group mt="md" gap="sm">
              <Button onClick={() => openModal('SERVICE_RECOMENDED')}>Sugerir un servicio</Button>
              {hasFilters(filters) && <Button variant="default" onClick={() => setSearch(new URLSearchParams())}>Ver todos los servicios</Button>}
            </Group>
          </Card>
        ) : data && data.data.length === 0 ? (
          <Text>
            Esta página no tiene resultados.{' '}
            <Button variant="subtle" size="compact-md" onClick={() => toPage(1)}>Ir a la primera página</Button>
          </Text>
        ) : data ? (
          <>
            <ResultList services={data.data} />
            {lastPage > 1 && (
              <Group component="nav" aria-label="Páginas de resultados" justify="center" gap="md" mt="lg">
                <Button variant="default" disabled={filters.page <= 1} onClick={() => toPage(filters.page - 1)}>Anterior</Button>
                <Text aria-current="page">Página {Math.min(filters.page, lastPage)} de {lastPage}</Text>
                <Button variant="default" disabled={filters.page >= lastPage} onClick={() => toPage(filters.page + 1)}>Siguiente</Button>
              </Group>
            )}
          </>
        ) : null}
      </section>
    </Stack>
  );
}
