import { useState } from 'react';
import { Button, Group, Menu, Text } from '@mantine/core';
import {
  copiesFromRows, copyIntoRow, fillMessage, rowCopies, rowCopySources, rowLabel, rowNameText, rowTitle,
  type FormNode, type RowCopyDecl, type RowCopyResult,
} from '@portal/form-engine';
import type { FormStore } from '../../field-state/FormStore';
import { getAt, nodeAt } from '../../data/paths';

const DEFAULT_MESSAGE = 'Se copiaron {n} datos. Revíselos antes de continuar.';

/**
 * What the live region says after a copy: the declaration's message with the
 * count (singular for one), and what was left as the citizen wrote it.
 */
export function rowCopyMessage(copy: RowCopyDecl, result: Pick<RowCopyResult, 'copied' | 'kept'>, origen = ''): string {
  const n = result.copied.length;
  const k = result.kept.length;
  if (n === 0) {
    return k > 0 ? 'No se copió ningún dato: se conservaron los datos ya escritos en esta fila.' : 'No hay datos que copiar.';
  }
  let message = copy.message ?? DEFAULT_MESSAGE;
  if (n === 1) message = message.replace('Se copiaron {n} datos', 'Se copió {n} dato');
  const text = fillMessage(message, { n, origen });
  if (k === 0) return text;
  return `${text} ${k === 1 ? 'Se conservó 1 dato ya escrito' : `Se conservaron ${k} datos ya escritos`} en esta fila.`;
}

/** «Socio 1 · Carmen Yolanda De la Cruz Reyes» with an `x-row-label` answered, else «Fila 1». */
export function rowName(store: FormStore, grid: FormNode, gridPath: string, index: number): string {
  const schema = store.env.schema;
  const evaluation = store.snapshot.evaluation;
  const rowPath = `${gridPath}.${index}`;
  if (!schema || !evaluation) return `Fila ${index + 1}`;
  const label = rowLabel(grid, rowPath, evaluation.data, evaluation.visible);
  return label.length > 0 ? rowNameText(rowTitle(schema, rowPath), label) : `Fila ${index + 1}`;
}

interface Props {
  store: FormStore;
  gridPath: string;
  index: number;
  today?: string;
  disabled?: boolean;
}

/**
 * The `x-row-copy` buttons of one inline grid row: one per section copied
 * from, and for a copy from the grid itself a menu of the earlier rows (shown
 * from the second row on). A copy fills the row's blank fields only and goes
 * through the form's normal change path (rules, dependent selects, autosave);
 * a polite live region then says what was copied. Focus stays on the button.
 */
export function RowCopyButtons({ store, gridPath, index, today, disabled }: Props) {
  const [message, setMessage] = useState('');
  const schema = store.env.schema;
  const grid = schema ? nodeAt(schema, gridPath) : undefined;
  const copies = rowCopies(grid);
  if (!schema || !grid || copies.length === 0) return null;

  const run = (copy: RowCopyDecl, sourceRow?: number) => {
    // Whatever was just typed is part of the draft copied into (and from).
    store.env.flush();
    const data = store.snapshot.data;
    const result = copyIntoRow(schema, data, gridPath, index, copy, { today, sourceRow });
    if (result.copied.length > 0) store.env.setValues({ [gridPath]: getAt(result.data, gridPath) });
    const origen = sourceRow === undefined ? '' : rowName(store, grid, gridPath, sourceRow);
    setMessage(rowCopyMessage(copy, result, origen));
  };

  const buttons = copies.map((copy, n) => {
    if (!copiesFromRows(copy, gridPath)) {
      return (
        <Button key={n} size="xs" variant="light" onClick={() => run(copy)} disabled={disabled}>
          {copy.label}
        </Button>
      );
    }
    if (index === 0) return null;
    return (
      // No invisible first focus stop (role=presentation with a tabindex): a menu may hold only its items (axe).
      <Menu key={n} returnFocus position="bottom-start" withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button size="xs" variant="light" disabled={disabled}>{copy.label}</Button>
        </Menu.Target>
        <Menu.Dropdown aria-label={copy.label}>
          {rowCopySources(store.snapshot.data, gridPath, index, copy).map((i) => (
            <Menu.Item key={i} onClick={() => run(copy, i)}>{rowName(store, grid, gridPath, i)}</Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    );
  });

  return (
    <>
      <Group gap="xs" wrap="wrap" mb="sm">{buttons}</Group>
      <Text role="status" aria-live="polite" size="sm" c="teal.9" mb={message ? 'sm' : 0}>{message}</Text>
    </>
  );
}
