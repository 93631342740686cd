/**
 * GRID_MODAL and GRID_MDOAL_PREVIEW through the portal's modal host, opened by
 * components/rowDialog.ts as SchemaForm's `openRowDialog` would: the request's
 * row in a dialog named by its title, focus inside, Escape = Cancelar, Guardar
 * only for a valid row.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FormSchema } from '@portal/form-engine';
import type { RowDialogRequest } from '@portal/form-mantine';
import inapa from '../../../../schemas/reclamacion-factura-inapa/schema.json';
import { AppProvider } from '../../app/AppProvider';
import { openRowDialog } from '../../components/rowDialog';
import { MODAL_REGISTRY } from '../../app/modalRegistry';
import { ModalHost } from '../ModalHost';
import { closeModal, modalStore } from '../modalStore';

// Mantine's autosize textarea (the row's "Describa el problema") listens for font loads, which jsdom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const schema = inapa as unknown as FormSchema;
const row = { periodo: '2026-09', monto: 1234.5, motivo: 'lectura_incorrecta', numero_de_factura: 'F-77' };

function requestOf(mode: RowDialogRequest['mode'], over: Partial<RowDialogRequest> = {}): RowDialogRequest {
  return {
    mode,
    title: mode === 'edit' ? 'Editar factura 1' : 'Factura 1',
    gridPath: 'facturas',
    index: 0,
    isNew: false,
    rowSchema: schema.properties.facturas.items!,
    row,
    rootData: { facturas: [row] },
    schema,
    api: {
      getJson: async () => ({ status: 200, body: {} }), listDocuments: async () => [],
      uploadDocument: async () => { throw new Error('sin red'); }, documentUrl: () => '', sessionId: 0,
    },
    today: '2026-11-23',
    errors: [],
    lookupErrors: [],
    notify: () => '',
    dismiss: () => undefined,
    save: vi.fn(),
    cancel: vi.fn(),
    ...over,
  };
}

function renderHost() {
  act(() => closeModal());
  return render(
    <AppProvider env="test">
      <button type="button">Editar factura 1</button>
      <ModalHost registry={MODAL_REGISTRY} />
    </AppProvider>,
  );
}

/**
 * The first dialog of a run loads the grid editor's modules (the form engine and its Mantine theme): ~6 s
 * in jsdom on this machine alone, more beside the browser tests. Waits are bounded by the test's 30 s.
 */
const LOADING_MS = 20_000;
const findDialog = (name: string) => screen.findByRole('dialog', { name }, { timeout: LOADING_MS });

describe('GRID_MODAL', () => {
  it('opens the request\'s row in a labelled dialog with focus inside; Escape is Cancelar', async () => {
    renderHost();
    const request = requestOf('edit');
    act(() => openRowDialog(request));
    expect(modalStore.get()?.name).toBe('GRID_MODAL');
    expect(modalStore.get()?.data).toBe(request);
    const dialog = await findDialog('Editar factura 1');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    // The content's chunk may arrive after the dialog (the host's 500 ms fallback).
    expect(await within(dialog).findByRole('textbox', { name: /Período facturado/ }, { timeout: LOADING_MS })).toHaveProperty('value', '2026-09');
    expect(within(dialog).getByRole('textbox', { name: /Número de factura/ })).toHaveProperty('value', 'F-77');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(modalStore.get()).toBeNull();
    expect(request.cancel).toHaveBeenCalled();
    expect(request.save).not.toHaveBeenCalled();
  });

  it('Guardar keeps the dialog open with the errors on the fields, then saves the corrected row and closes', async () => {
    const user = userEvent.setup();
    renderHost();
    const request = requestOf('edit', { title: 'Agregar factura', isNew: true, row: {}, rootData: { facturas: [] } });
    act(() => openRowDialog(request));
    const dialog = await findDialog('Agregar factura');
    await user.click(await within(dialog).findByRole('button', { name: 'Guardar' }, { timeout: LOADING_MS }));
    expect(await within(dialog).findByText('La fila tiene errores. Corríjalos para poder guardarla.')).toBeTruthy();
    expect(within(dialog).getAllByText('Este campo es requerido').length).toBeGreaterThanOrEqual(2);
    expect(request.save).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: /Período facturado/ }), '2026-10');
    await user.type(within(dialog).getByRole('textbox', { name: /Monto facturado/ }), '99');
    await user.click(within(dialog).getByRole('combobox', { name: /Motivo de la reclamación/ }));
    await user.click(await within(dialog).findByRole('option', { name: 'Cobro excesivo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(request.save).toHaveBeenCalledWith({ periodo: '2026-10', monto: 99, motivo: 'cobro_excesivo' });
    expect(request.cancel).not.toHaveBeenCalled();
  });

  it('shows the row errors the form handed in', async () => {
    renderHost();
    act(() => openRowDialog(requestOf('edit', { errors: [{ path: 'facturas.0.monto', message: 'El monto no coincide con la factura' }] })));
    const dialog = await findDialog('Editar factura 1');
    expect(await within(dialog).findByText('El monto no coincide con la factura', {}, { timeout: LOADING_MS })).toBeTruthy();
  });
});

describe('GRID_MDOAL_PREVIEW', () => {
  it('shows the row\'s answers read-only in a labelled dialog; Escape closes it', async () => {
    renderHost();
    const request = requestOf('preview');
    act(() => openRowDialog(request));
    expect(modalStore.get()?.name).toBe('GRID_MDOAL_PREVIEW');
    const dialog = await findDialog('Factura 1');
    await within(dialog).findAllByRole('term', {}, { timeout: LOADING_MS });
    expect(within(dialog).getAllByRole('term').map((t) => t.textContent)).toEqual([
      'Período facturado (AAAA-MM)', 'Monto facturado', 'Motivo de la reclamación', 'Número de factura', 'Describa el problema',
    ]);
    expect(within(dialog).getAllByRole('definition').map((t) => t.textContent)).toEqual(['2026-09', 'RD$ 1,234.50', 'Lectura incorrecta del medidor', 'F-77', '—']);
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(request.save).not.toHaveBeenCalled();
  });
});
