import { useId, useRef, useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import type { PathMessage } from '@portal/form-engine';
// The row's fields are rendered by SchemaForm itself, so they behave as in the form (rules, masks, lookups, x-unique).
// eslint-disable-next-line import-x/no-cycle -- declared recursion: SchemaForm → RowDialogModal → GridRowEditor → SchemaForm (a grid row's editor is a SchemaForm over that row)
import { SchemaForm } from '../schema-form/SchemaForm';
import { getAt, setAt } from '../data/paths';
import { pathToId } from '../data/pathToId';
import { focusField } from '../error-summary/focusField';
import type { LookupFieldError } from '../field-state/LookupErrors';
import type { ShowErrors } from '../types';
import { rowErrors } from './rowFields';
import type { RowDialogRequest } from './types';

type Data = Record<string, unknown>;

export interface GridRowEditorProps {
  /** The request of the grid (mode `edit`). Required. */
  request: RowDialogRequest;
  /** Closes the dialog; called after "Guardar" stored the row and after "Cancelar". Required. */
  onClose(): void;
}

/** Shown when "Guardar" finds errors in the row. */
export const ROW_HAS_ERRORS = 'La fila tiene errores. Corríjalos para poder guardarla.';

/**
 * The fields of one grid row in a dialog, rendered by SchemaForm on a working
 * copy of the whole draft (so `fila.`, rules reading other sections, masks,
 * lookups, option sources and `x-unique` behave as in the form). "Guardar"
 * runs the engine's check: with errors in the row they show on their fields
 * and the dialog stays open; without, the row is handed to `request.save`.
 * "Cancelar" drops the copy.
 */
export function GridRowEditor({ request, onClose }: GridRowEditorProps) {
  const rowPath = `${request.gridPath}.${request.index}`;
  const [data, setData] = useState<Data>(() => setAt(request.rootData, rowPath, request.row));
  const latest = useRef(data);
  const [showErrors, setShowErrors] = useState<ShowErrors>(request.errors.length > 0 ? 'all' : 'touched');
  const [failed, setFailed] = useState(false);
  const [lookupErrors, setLookupErrors] = useState<LookupFieldError[]>(request.lookupErrors);
  const formId = `row-dialog-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;

  const onChange = (next: Data) => {
    latest.current = next;
    setData(next);
  };
  const onSubmit = (_pruned: Data, errors: PathMessage[]) => {
    const own = rowErrors(errors, rowPath);
    const lookups = lookupErrors.filter((e) => e.path.startsWith(`${rowPath}.`));
    if (own.length > 0 || lookups.length > 0) {
      setShowErrors('all');
      setFailed(true);
      const first = lookups[0]?.path ?? own[0].path;
      // After the errors render: the first field with an error takes focus.
      setTimeout(() => focusField(pathToId(first)), 0);
      return;
    }
    const row = getAt(latest.current, rowPath);
    request.save(row && typeof row === 'object' ? (row as Data) : {});
    onClose();
  };
  const cancel = () => {
    request.cancel();
    onClose();
  };

  return (
    <SchemaForm
      id={formId}
      schema={request.schema}
      formData={data}
      onChange={onChange}
      api={request.api}
      section={rowPath}
      today={request.today}
      errors={request.errors}
      showErrors={showErrors}
      notify={request.notify}
      dismiss={request.dismiss}
      lookupErrors={lookupErrors}
      onLookupErrorsChange={setLookupErrors}
      onSubmit={onSubmit}
    >
      <Stack gap="sm" mt="md">
        {failed && <Alert color="red" variant="light" role="alert">{ROW_HAS_ERRORS}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>Cancelar</Button>
          <Button type="submit" form={formId}>Guardar</Button>
        </Group>
      </Stack>
    </SchemaForm>
  );
}
