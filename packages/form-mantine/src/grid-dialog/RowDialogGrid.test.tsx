// @vitest-environment jsdom
/**
 * A grid with `x-row-dialog` in jsdom, with the real INAPA claim form, the
 * engine and Mantine (test environment: no transitions, no portals): the
 * table, adding a row through its dialog only when the row is valid,
 * Cancelar, editing one row, deleting after a confirmation, the read-only
 * preview, maxItems, row errors handed in by the app, and the app's own
 * dialog through `openRowDialog`.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineJsdomShims } from '../testing/mantineInJsdom';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import type { FormSchema, PathMessage } from '@portal/form-engine';
import inapa from '../../../../schemas/reclamacion-factura-inapa/schema.json';
import { SchemaForm } from '../schema-form/SchemaForm';
import { GridRowEditor } from './GridRowEditor';
import type { RowDialogRequest } from './types';
import { offlineFormApi } from '../testing/offlineFormApi';

const TODAY = '2026-11-23';
const schema = structuredClone(inapa) as unknown as FormSchema;
(schema.properties.facturas as Record<string, unknown>)['x-row-dialog'] = true;

const api = offlineFormApi();

type Data = Record<string, unknown>;
const factura = (periodo: string, monto: number, numero?: string): Data => ({ periodo, monto, motivo: 'cobro_excesivo', ...(numero ? { numero_de_factura: numero } : {}) });

/** The form's facturas step, its draft kept as the app keeps it; `latest()` is the draft last handed to onChange. */
function renderGrid(initial: Data[], extra: { errors?: PathMessage[]; openRowDialog?: (r: RowDialogRequest) => void } = {}) {
  let latest: Data = { facturas: initial };
  function Harness() {
    const [data, setData] = useState<Data>(latest);
    return (
      <MantineProvider env="test">
        <SchemaForm
          schema={schema}
          formData={data}
          onChange={(next) => { latest = next; setData(next); }}
          api={api}
          section="facturas"
          today={TODAY}
          notify={() => ''}
          dismiss={() => undefined}
          errors={extra.errors}
          openRowDialog={extra.openRowDialog}
        />
      </MantineProvider>
    );
  }
  render(<Harness />);
  return { latest: () => latest.facturas as Data[] };
}

const table = () => screen.getByRole('table', { name: 'Facturas reclamadas' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const dialog = (name: string) => screen.findByRole('dialog', { name });

beforeAll(() => {
  installMantineJsdomShims();
});
afterEach(() => cleanup());

describe('grid with x-row-dialog', () => {
  it('lists the rows in a table: the first three fields, values as the citizen reads them', () => {
    renderGrid([factura('2026-09', 1234.5, 'F-001'), { periodo: '2026-10', monto: 80 }]);
    const headers = within(table()).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['N.º', 'Período facturado (AAAA-MM)', 'Monto facturado', 'Motivo de la reclamación', 'Estado', 'Acciones']);
    expect(bodyRows()).toHaveLength(2);
    const first = within(bodyRows()[0]).getAllByRole('cell').map((c) => c.textContent);
    expect(first.slice(0, 3)).toEqual(['2026-09', 'RD$ 1,234.50', 'Cobro excesivo']);
    expect(within(bodyRows()[1]).getAllByRole('cell').map((c) => c.textContent).slice(0, 3)).toEqual(['2026-10', 'RD$ 80.00', '—']);
    // No row fields are rendered inline.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('2 de 12')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Editar factura 2' })).toBeTruthy();
  });

  it('Agregar → Guardar adds the row only once it is valid; errors show on the fields meanwhile', async () => {
    const user = userEvent.setup();
    const form = renderGrid([]);
    expect(screen.getByText('No hay filas. Use el botón «Agregar factura» para añadir una.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Agregar factura' }));
    const d = await dialog('Agregar factura');
    await user.click(within(d).getByRole('button', { name: 'Guardar' }));
    expect(await within(d).findByRole('alert')).toHaveProperty('textContent', 'La fila tiene errores. Corríjalos para poder guardarla.');
    expect(within(d).getAllByText('Este campo es requerido').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('dialog', { name: 'Agregar factura' })).toBeTruthy();
    expect(form.latest()).toEqual([]);

    await user.type(within(d).getByRole('textbox', { name: /Período facturado/ }), '2026-10');
    await user.type(within(d).getByRole('textbox', { name: /Monto facturado/ }), '1500');
    await user.click(within(d).getByRole('combobox', { name: /Motivo de la reclamación/ }));
    await user.click(await within(d).findByRole('option', { name: 'Lectura incorrecta del medidor' }));
    // A future period is a row error (the engine's x-assert with fila.): still not saved.
    await user.clear(within(d).getByRole('textbox', { name: /Período facturado/ }));
    await user.type(within(d).getByRole('textbox', { name: /Período facturado/ }), '2027-01');
    await user.click(within(d).getByRole('button', { name: 'Guardar' }));
    expect(await within(d).findByText('El período no puede ser posterior al mes actual')).toBeTruthy();
    expect(form.latest()).toEqual([]);

    await user.clear(within(d).getByRole('textbox', { name: /Período facturado/ }));
    await user.type(within(d).getByRole('textbox', { name: /Período facturado/ }), '2026-10');
    await user.click(within(d).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(form.latest()).toEqual([{ periodo: '2026-10', monto: 1500, motivo: 'lectura_incorrecta' }]));
    expect(within(bodyRows()[0]).getAllByRole('cell')[0].textContent).toBe('2026-10');
  });

  it('Cancelar (and Escape) discard a new row and the changes to an existing one', async () => {
    const user = userEvent.setup();
    const form = renderGrid([factura('2026-09', 100, 'A-1')]);
    await user.click(screen.getByRole('button', { name: 'Agregar factura' }));
    const added = await dialog('Agregar factura');
    await user.type(within(added).getByRole('textbox', { name: /Período facturado/ }), '2026-08');
    await user.click(within(added).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Editar factura 1' }));
    const edit = await dialog('Editar factura 1');
    const numero = within(edit).getByRole('textbox', { name: /Número de factura/ });
    expect(numero).toHaveProperty('value', 'A-1');
    await user.clear(numero);
    await user.type(numero, 'B-2');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(form.latest()).toEqual([factura('2026-09', 100, 'A-1')]);
    expect(bodyRows()).toHaveLength(1);
  });

  it('Editar changes that row only', async () => {
    const user = userEvent.setup();
    const form = renderGrid([factura('2026-08', 100, 'A-1'), factura('2026-09', 200, 'A-2'), factura('2026-10', 300, 'A-3')]);
    await user.click(screen.getByRole('button', { name: 'Editar factura 2' }));
    const d = await dialog('Editar factura 2');
    const numero = within(d).getByRole('textbox', { name: /Número de factura/ });
    await user.clear(numero);
    await user.type(numero, 'Z-9');
    await user.click(within(d).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(form.latest()).toEqual([factura('2026-08', 100, 'A-1'), factura('2026-09', 200, 'Z-9'), factura('2026-10', 300, 'A-3')]));
  });

  it('Eliminar asks first: "No" keeps the row, "Sí, eliminar" removes it', async () => {
    const user = userEvent.setup();
    const form = renderGrid([factura('2026-08', 100), factura('2026-09', 200)]);
    await user.click(screen.getByRole('button', { name: 'Eliminar factura 1' }));
    const confirm = await dialog('¿Eliminar factura 1?');
    await user.click(within(confirm).getByRole('button', { name: 'No, conservarla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyRows()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Eliminar factura 1' }));
    await user.click(within(await dialog('¿Eliminar factura 1?')).getByRole('button', { name: 'Sí, eliminar' }));
    await waitFor(() => expect(form.latest()).toEqual([factura('2026-09', 200)]));
    expect(bodyRows()).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Agregar factura' })));
  });

  it('Ver shows the row\'s answers read-only, option titles included; Cerrar closes', async () => {
    const user = userEvent.setup();
    renderGrid([{ ...factura('2026-09', 1234.5, 'F-1'), motivo: 'otro', descripcion: 'Me cobraron dos veces' }]);
    await user.click(screen.getByRole('button', { name: 'Ver factura 1' }));
    const d = await dialog('Factura 1');
    const terms = within(d).getAllByRole('term').map((t) => t.textContent);
    const values = within(d).getAllByRole('definition').map((t) => t.textContent);
    expect(terms).toEqual(['Período facturado (AAAA-MM)', 'Monto facturado', 'Motivo de la reclamación', 'Número de factura', 'Describa el problema']);
    expect(values).toEqual(['2026-09', 'RD$ 1,234.50', 'Otro', 'F-1', 'Me cobraron dos veces']);
    expect(within(d).queryByRole('textbox')).toBeNull();
    // The header's close button and the footer's "Cerrar".
    const closers = within(d).getAllByRole('button', { name: 'Cerrar' });
    expect(closers).toHaveLength(2);
    await user.click(closers[1]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('at maxItems "Agregar" says why it does nothing', async () => {
    const user = userEvent.setup();
    const rows = Array.from({ length: 12 }, (_, i) => factura(`2025-${String(i + 1).padStart(2, '0')}`, 10));
    const form = renderGrid(rows);
    const add = screen.getByRole('button', { name: 'Agregar factura' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    expect(add.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(add.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Llegó al máximo de 12 filas.');
    await user.click(add);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(form.latest()).toHaveLength(12);
  });

  it('a row with errors from the app is marked, and its Editar dialog shows them', async () => {
    const user = userEvent.setup();
    renderGrid([factura('2026-08', 100), factura('2026-09', 200)], { errors: [{ path: 'facturas.1.monto', message: 'El monto no coincide con la factura de INAPA' }] });
    expect(within(bodyRows()[0]).queryByText('Con errores')).toBeNull();
    expect(within(bodyRows()[1]).getByText('Con errores')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Editar factura 2' }));
    const d = await dialog('Editar factura 2');
    expect(within(d).getByText('El monto no coincide con la factura de INAPA')).toBeTruthy();
  });

  it('a link to a row\'s field (the error summary\'s) opens that row\'s editor', async () => {
    const user = userEvent.setup();
    renderGrid([factura('2026-08', 100), factura('2026-09', 200)], { errors: [{ path: 'facturas.1.monto', message: 'Monto inválido' }] });
    const link = document.body.appendChild(Object.assign(document.createElement('a'), { href: '#root_facturas_1_monto', textContent: 'Facturas reclamadas, fila 2: Monto facturado' }));
    await user.click(link);
    const d = await dialog('Editar factura 2');
    expect(within(d).getByText('Monto inválido')).toBeTruthy();
    link.remove();
  });

  it('with openRowDialog the app gets the request (mode, grid, row, draft) and save() stores the row', async () => {
    const user = userEvent.setup();
    const open = vi.fn<(r: RowDialogRequest) => void>();
    const form = renderGrid([factura('2026-08', 100)], { openRowDialog: open });
    await user.click(screen.getByRole('button', { name: 'Ver factura 1' }));
    await user.click(screen.getByRole('button', { name: 'Editar factura 1' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open.mock.calls.map(([r]) => [r.mode, r.title, r.gridPath, r.index, r.isNew])).toEqual([
      ['preview', 'Factura 1', 'facturas', 0, false],
      ['edit', 'Editar factura 1', 'facturas', 0, false],
    ]);
    const request = open.mock.calls[1][0];
    expect(request.row).toEqual(factura('2026-08', 100));
    expect(request.rootData).toEqual({ facturas: [factura('2026-08', 100)] });
    expect(request.rowSchema).toBe(schema.properties.facturas.items);
    act(() => request.save(factura('2026-08', 150)));
    await waitFor(() => expect(form.latest()).toEqual([factura('2026-08', 150)]));
  });

  it('GridRowEditor renders on its own (as the app does) with the row\'s fields', async () => {
    const save = vi.fn();
    const request: RowDialogRequest = {
      mode: 'edit', title: 'Editar factura 1', gridPath: 'facturas', index: 0, isNew: false,
      rowSchema: schema.properties.facturas.items!, row: factura('2026-08', 100), rootData: { facturas: [factura('2026-08', 100)] },
      schema, api, today: TODAY, errors: [], lookupErrors: [], notify: () => '', dismiss: () => undefined, save, cancel: () => undefined,
    };
    const onClose = vi.fn();
    render(<MantineProvider env="test"><GridRowEditor request={request} onClose={onClose} /></MantineProvider>);
    expect(screen.getByRole('textbox', { name: /Período facturado/ })).toHaveProperty('value', '2026-08');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith(factura('2026-08', 100)));
    expect(onClose).toHaveBeenCalled();
  });
});
