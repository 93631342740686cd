import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Box, Button, Fieldset, Group, Modal, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { itemName, type FormNode, type PathMessage } from '@portal/form-engine';
import type { ArrayFieldTemplateProps } from '@rjsf/utils';
import { fieldPathOf, storeOf, useFieldView } from '../field-state/hooks';
import type { FormStore } from '../field-state/FormStore';
import { getAt, nodeAt } from '../data/paths';
import { removeRow } from '../data/gridRows';
import { ID_SEPARATOR, pathToId } from '../data/pathToId';
import RequiredMark from '../theme/templates/RequiredMark';
import { RowAnswer } from './RowAnswer';
import { rowFields, tableColumns, type RowField } from './rowFields';
import { lowerFirst } from './rowView';
import type { RowDialogHost, RowDialogRequest } from './types';

type Data = Record<string, unknown>;

/** Shown in the table for a row with errors (after "Siguiente", from the server, or a lookup). */
export const ROW_WITH_ERRORS = 'Con errores';

/** The errors the form shows on a row's fields, as its store computes them (given, lookup, live when shown). */
function shownRowErrors(store: FormStore, rowPath: string, fields: RowField[]): PathMessage[] {
  const out: PathMessage[] = [];
  const own = store.view(rowPath).error;
  if (own) out.push({ path: rowPath, message: own });
  for (const f of fields) {
    const path = `${rowPath}.${f.key}`;
    const message = store.view(path).error;
    if (message) out.push({ path, message });
  }
  return out;
}

/**
 * A grid whose rows are edited in a dialog (`x-row-dialog`): a table of its
 * rows (the first three fields shown, values as the citizen reads them; a
 * stacked list on narrow screens) with "Ver", "Editar" and "Eliminar" (after a
 * confirmation) per row, and "Agregar …" for a new one. The dialogs are the
 * app's (SchemaForm's `openRowDialog`) or SchemaForm's own. A row with errors
 * is marked, and its dialog shows them.
 */
export function RowDialogGrid(props: ArrayFieldTemplateProps) {
  const { fieldPathId, title, schema, registry, disabled, readonly } = props;
  const store = storeOf(registry);
  const host = (registry.formContext as { rowDialogs?: RowDialogHost } | undefined)?.rowDialogs;
  const path = fieldPathOf(registry, fieldPathId);
  const view = useFieldView(store, path);
  const snapshot = useSyncExternalStore(store.subscribe, () => store.snapshot, () => store.snapshot);
  // Read on the first render, so a phone never paints the table before the list.
  const narrow = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  const [confirming, setConfirming] = useState<number | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);

  const id = fieldPathId.$id;
  const gridNode: FormNode = (store.env.schema ? nodeAt(store.env.schema, path) : undefined) ?? (schema as FormNode);
  const rowSchema: FormNode = gridNode.items ?? { type: 'object', properties: {} };
  const gridTitle = title || gridNode.title || '';
  const item = itemName(gridNode);
  const rawRows = getAt(snapshot.data, path);
  const rows: Data[] = Array.isArray(rawRows) ? (rawRows as Data[]) : [];
  const fields = rowFields(rowSchema);
  const columns = tableColumns(fields, path, rows.length, snapshot.evaluation);
  const max = gridNode.maxItems;
  const atMax = max !== undefined && rows.length >= max;
  const locked = Boolean(disabled || readonly || view.disabled);
  const errorId = `${id}__error`;
  const countId = `${id}__count`;
  const reasonId = `${id}__add-reason`;
  const describedBy = [view.error ? errorId : '', max !== undefined ? countId : ''].filter(Boolean).join(' ');
  const rowLabel = (i: number) => `${item} ${i + 1}`;
  const addLabel = `Agregar ${lowerFirst(item)}`;
  const errorsOf = (i: number) => shownRowErrors(store, `${path}.${i}`, fields);

  const request = (mode: RowDialogRequest['mode'], index: number): RowDialogRequest => {
    const isNew = index >= rows.length;
    const rowPath = `${path}.${index}`;
    const before = isNew ? {} : rows[index] ?? {};
    return {
      mode,
      title: isNew ? addLabel : mode === 'edit' ? `Editar ${lowerFirst(rowLabel(index))}` : rowLabel(index),
      gridPath: path,
      index,
      isNew,
      rowSchema,
      row: before,
      rootData: store.snapshot.data,
      schema: store.env.schema ?? { $id: 'tabla', type: 'object', properties: {} },
      api: store.env.api ?? {
        getJson: () => Promise.reject(new Error('sin servicio')), listDocuments: async () => [],
        uploadDocument: () => Promise.reject(new Error('sin servicio')), documentUrl: () => '', sessionId: 0,
      },
      today: host?.today,
      errors: isNew ? [] : errorsOf(index),
      lookupErrors: isNew ? [] : store.lookupErrorList().filter((e) => e.path.startsWith(`${rowPath}.`)),
      notify: store.env.notify,
      dismiss: store.env.dismiss,
      save(row) {
        const current = getAt(store.snapshot.data, path);
        const list = Array.isArray(current) ? current : [];
        const next = isNew ? [...list, row] : list.map((r, j) => (j === index ? row : r));
        store.env.setValues({ [path]: next });
        // An error handed in for a field the citizen changed no longer applies (as when typing in the form).
        for (const f of fields) {
          if (!Object.is(getAt(before, f.key), getAt(row, f.key))) store.markEdited(`${rowPath}.${f.key}`);
        }
      },
      // Focus goes back to the button that asked when the dialog is gone: the dialog host's doing
      // (the portal's ModalHost notes the opener when it opens; SchemaForm's own dialog is Mantine's).
      cancel() {},
    };
  };
  const open = (mode: RowDialogRequest['mode'], index: number) => host?.open?.(request(mode, index));
  const openLatest = useRef(open);
  openLatest.current = open;
  const rowCount = rows.length;

  // The error summary links to a row's field (#root_facturas_1_periodo), which lives in the row's dialog:
  // following such a link opens that row's editor, where the error shows on its field.
  useEffect(() => {
    const prefix = `${pathToId(path)}${ID_SEPARATOR}`;
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null;
      const target = link?.getAttribute('href')?.slice(1) ?? '';
      if (!target.startsWith(prefix) || document.getElementById(target)) return;
      const index = /^(\d+)(?:_|$)/.exec(target.slice(prefix.length));
      if (!index || Number(index[1]) >= rowCount) return;
      event.preventDefault();
      event.stopPropagation();
      openLatest.current('edit', Number(index[1]));
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [path, rowCount]);
  const remove = (index: number) => {
    setConfirming(null);
    store.env.setValues({ [path]: removeRow(store.snapshot.data, path, index) });
    // The row's buttons are gone: focus goes to "Agregar", or to the grid.
    setTimeout(() => (addRef.current ?? fieldsetRef.current)?.focus(), 0);
  };

  const actions = (i: number): ReactNode => (
    <Group gap="xs" wrap={narrow ? 'wrap' : 'nowrap'}>
      <Button size="xs" variant="default" aria-label={`Ver ${lowerFirst(rowLabel(i))}`} onClick={() => open('preview', i)}>Ver</Button>
      <Button size="xs" variant="light" aria-label={`Editar ${lowerFirst(rowLabel(i))}`} onClick={() => open('edit', i)} disabled={locked}>Editar</Button>
      <Button size="xs" variant="subtle" color="red" aria-label={`Eliminar ${lowerFirst(rowLabel(i))}`} onClick={() => setConfirming(i)} disabled={locked}>Eliminar</Button>
    </Group>
  );
  const status = (i: number): ReactNode => (errorsOf(i).length > 0
    ? <Text component="span" size="sm" fw={600} c="var(--mantine-color-error)">{ROW_WITH_ERRORS}</Text>
    : null);
  const cell = (i: number, f: RowField) => (
    <RowAnswer node={f.node} path={`${path}.${i}.${f.key}`} data={snapshot.data} api={store.env.api} />
  );

  const table = (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="xs" striped withTableBorder>
        <Table.Caption><VisuallyHidden>{gridTitle}</VisuallyHidden></Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">N.º</Table.Th>
            {columns.map((c) => <Table.Th key={c.key} scope="col">{c.node.title ?? c.key}</Table.Th>)}
            <Table.Th scope="col">Estado</Table.Th>
            <Table.Th scope="col"><VisuallyHidden>Acciones</VisuallyHidden></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((_, i) => (
            <Table.Tr key={i} data-row={i}>
              <Table.Th scope="row">{i + 1}</Table.Th>
              {columns.map((c) => <Table.Td key={c.key}>{cell(i, c)}</Table.Td>)}
              <Table.Td>{status(i)}</Table.Td>
              <Table.Td>{actions(i)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  const list = (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={gridTitle}>
      {rows.map((_, i) => (
        <Paper component="li" key={i} withBorder p="sm" radius="md" data-row={i}>
          <Group justify="space-between" mb="xs">
            <Text fw={600}>{rowLabel(i)}</Text>
            {status(i)}
          </Group>
          <Box component="dl" m={0} mb="xs">
            {columns.map((c) => (
              <Box key={c.key} mb={4}>
                <Text component="dt" size="sm" c="dimmed">{c.node.title ?? c.key}</Text>
                <Text component="dd" m={0}>{cell(i, c)}</Text>
              </Box>
            ))}
          </Box>
          {actions(i)}
        </Paper>
      ))}
    </Stack>
  );

  return (
    <Fieldset
      ref={fieldsetRef}
      id={id}
      tabIndex={-1}
      legend={<>{gridTitle}{view.required && <RequiredMark />}</>}
      aria-describedby={describedBy || undefined}
      aria-invalid={view.error ? true : undefined}
      data-row-dialog=""
    >
      {gridNode.description && <Text size="sm" c="dimmed" mb="sm">{gridNode.description}</Text>}
      {max !== undefined && (
        <Text id={countId} size="sm" c="dimmed" mb="sm" aria-live="polite">{`${rows.length} de ${max}`}</Text>
      )}
      {rows.length === 0
        ? <Text size="sm" c="dimmed">{`No hay filas. Use el botón «${addLabel}» para añadir una.`}</Text>
        : narrow ? list : table}
      {view.error && <Text id={errorId} c="var(--mantine-color-error)" size="sm" mt="sm">{view.error}</Text>}
      <Group justify="flex-start" mt="md" gap="sm">
        <Button
          ref={addRef}
          variant="light"
          // At the limit the button stays focusable and says why it does nothing.
          data-disabled={atMax || undefined}
          aria-disabled={atMax || undefined}
          aria-describedby={atMax ? reasonId : undefined}
          disabled={locked}
          onClick={(event) => {
            if (atMax) event.preventDefault();
            else open('edit', rows.length);
          }}
        >
          {addLabel}
        </Button>
        {atMax && <Text id={reasonId} size="sm" c="dimmed">{`Llegó al máximo de ${max} filas.`}</Text>}
      </Group>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming !== null ? `¿Eliminar ${lowerFirst(rowLabel(confirming))}?` : ''}
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
        centered
      >
        <Text>Se borrarán las respuestas de esta fila.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(null)}>No, conservarla</Button>
          <Button color="red" onClick={() => confirming !== null && remove(confirming)}>Sí, eliminar</Button>
        </Group>
      </Modal>
    </Fieldset>
  );
}
