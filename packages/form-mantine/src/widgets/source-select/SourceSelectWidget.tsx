import { useMemo } from 'react';
import { Button, Group, Text, type OptionsFilter } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { sourceUrl, type SourceDecl } from '@portal/form-engine';
import { useStoreSelect } from '../../field-state/hooks';
import { useField } from '../../theme/widgets/useField';
import { DeferredSelect } from '../../theme/widgets/DeferredSelect';
import { CHOOSE_OPTION, LOADING_OPTIONS } from '../../theme/widgets/SelectStandIn';
import { toChoices, useListMountedWhileOpen, type OptionLike } from '../../theme/widgets/selectOptions';
import { wordFilter } from '../../theme/widgets/wordFilter';
import { useSourceOptions } from './useSourceOptions';
import { dependencyHint, searchTextsByKey, uniqueExclusions, uniqueGridPaths, urlParameters } from './sourceOptions';

export const SOURCE_ERROR = 'No se pudieron cargar las opciones. Intente de nuevo.';
/** How many matches a searchable list shows (taken from all the options). */
const SEARCHABLE_LIMIT = 100;

/** One filter per list of options (sourceOptionsOf shares them): its labels are put in search form once for every select of the list. */
const filters = new WeakMap<readonly OptionLike[], OptionsFilter>();
function filterOf(options: readonly OptionLike[]): OptionsFilter {
  let filter = filters.get(options);
  if (!filter) filters.set(options, (filter = wordFilter(searchTextsByKey(options))));
  return filter;
}

/**
 * Selects fed by a service (`x-source`): provinces, municipalities, sectors,
 * nationalities, CIIU activities, banks. The URL is filled from other fields
 * (`{datos_solicitante.provincia}`, `{fila.municipio}`); until it can be, the
 * select is disabled with a hint naming the field to fill first. Answers are
 * cached per URL; a failed call shows a Spanish message with a retry button.
 * In a grid with `x-unique`, values chosen in other rows are left out.
 * A `searchable` source filters as the citizen types with the engine's rule:
 * every word, in any order, accents and case ignored (theme/widgets/wordFilter.ts),
 * over the label and the properties named by `searchIn`; the list shows its
 * first 100 matches, taken from all the options.
 */
export default function SourceSelectWidget(props: WidgetProps) {
  const field = useField(props);
  const { store, path, node } = field;
  const decl = node['x-source'] as SourceDecl;
  const list = useListMountedWhileOpen(decl.searchable ? SEARCHABLE_LIMIT : undefined);
  const urlInputs = useMemo(() => urlParameters(decl.url, path), [decl.url, path]);
  const url = useStoreSelect(store, (s) => sourceUrl(node, path, s.data), urlInputs);
  const gridPaths = useMemo(() => uniqueGridPaths(store.env.schema, path), [store, path]);
  const taken = useStoreSelect(store, (s) => (store.env.schema && gridPaths.length > 0 ? uniqueExclusions(store.env.schema, s.data, path) : '[]'), gridPaths);
  const source = useSourceOptions(store.env.api, url, decl, node.type);
  const choices = useMemo(
    () => toChoices(source.options, field.value, field.view.options, JSON.parse(taken) as unknown[]),
    [source.options, field.value, field.view.options, taken],
  );
  const filter = decl.searchable ? filterOf(source.options) : undefined;
  const waiting = url === null;
  const hint = waiting ? dependencyHint(store.env.schema, decl, path) : undefined;
  const errorId = `${field.wrapper.id}__source-error`;

  return (
    <div>
      <DeferredSelect
        {...field.wrapper}
        description={[field.wrapper.description, hint].filter(Boolean).join(' ') || undefined}
        aria-required={field.ariaRequired}
        aria-busy={source.status === 'loading' || undefined}
        data={choices.items}
        value={choices.keyOf(field.value)}
        onChange={(key) => {
          field.choose(choices.valueOf(key));
          store.touch(path);
        }}
        onBlur={field.blur}
        disabled={field.wrapper.disabled || waiting}
        loading={source.status === 'loading'}
        placeholder={source.status === 'loading' ? LOADING_OPTIONS : CHOOSE_OPTION}
        searchable={decl.searchable === true}
        filter={filter}
        nothingFoundMessage="No hay opciones que coincidan"
        clearable={!field.view.required && !field.wrapper.readOnly}
        clearButtonProps={{ 'aria-label': 'Borrar la selección' }}
        allowDeselect={!field.view.required}
        {...list}
      />
      {source.status === 'error' && (
        <Group gap="xs" mt={4}>
          <Text id={errorId} size="sm" c="var(--mantine-color-error)" role="alert">{SOURCE_ERROR}</Text>
          <Button size="compact-sm" variant="subtle" onClick={source.retry} aria-describedby={errorId}>Reintentar</Button>
        </Group>
      )}
    </div>
  );
}
