// @vitest-environment jsdom
/**
 * `x-row-copy` on the inline partners grid of the real formalization form, in
 * jsdom with the engine and Mantine: «Copiar los datos del solicitante» fills
 * the row's blank fields through the normal change path (onChange gets them,
 * the dependent selects keep the copied municipio and sector), a polite live
 * region says what was copied, and «Copiar de otro socio» lists the earlier
 * rows by name.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installMantineJsdomShims } from '../../testing/mantineInJsdom';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import type { FormSchema } from '@portal/form-engine';
import formalizacion from '../../../../../schemas/formalizacion/schema.json';
import { SchemaForm } from '../../schema-form/SchemaForm';
import { offlineFormApi } from '../../testing/offlineFormApi';
import { rowCopyMessage } from './RowCopyButtons';

const schema = formalizacion as unknown as FormSchema;
const TODAY = '2026-11-23';
const api = offlineFormApi();

type Data = Record<string, unknown>;
const APPLICANT: Data = {
  tipo_de_solicitante: 'persona_fisica_representante',
  tipo_de_documentacion_de_identidad: 'pasaporte',
  pasaporte: 'RD1234567',
  domicilio_en_rd: true,
  nombre: 'María Altagracia',
  apellido: 'Rosario Méndez',
  correo_electronico: 'maria@example.com',
  confirmar_correo_electronico: 'maria@example.com',
  telefono: '8095550101',
  sexo: 'F',
  estado_civil: 'casado',
  nacionalidad: 1,
  provincia: 13,
  municipio: 1302,
  sector: 57,
  calle: 'Calle Duarte',
  numero_de_casa_o_apartamento: '12',
};

function renderPartners(rows: Data[]) {
  let latest: Data = { datos_solicitud: { tipo_societario: 'SRL' }, datos_solicitante: APPLICANT, propietario_socios: rows };
  function Harness() {
    const [data, setData] = useState<Data>(latest);
    return (
      <MantineProvider env="test">
        <SchemaForm
          schema={schema}
          formData={data}
          onChange={(next) => { latest = next; setData(next); }}
          api={api}
          section="propietario_socios"
          today={TODAY}
          notify={() => ''}
          dismiss={() => undefined}
        />
      </MantineProvider>
    );
  }
  render(<Harness />);
  return { rows: () => latest.propietario_socios as Data[] };
}

beforeAll(() => {
  installMantineJsdomShims();
});
afterEach(() => cleanup());

describe('x-row-copy on an inline grid', () => {
  it("«Copiar los datos del solicitante» fills the row, keeps the address chain and says what was copied", async () => {
    const user = userEvent.setup();
    const form = renderPartners([{ tipo_de_cargo: '1' }]);
    const row = screen.getByRole('group', { name: 'Fila 1' });
    // The first row has no earlier row to copy from.
    expect(within(row).queryByRole('button', { name: 'Copiar de otro socio' })).toBeNull();
    const button = within(row).getByRole('button', { name: 'Copiar los datos del solicitante' });
    await user.click(button);
    await waitFor(() => expect(form.rows()[0]).toMatchObject({
      tipo_de_cargo: '1', tipo_de_accionista: 'persona', tipo_de_documento_de_identidad: 'pasaporte', pasaporte: 'RD1234567',
      nombres: 'María Altagracia', apellidos: 'Rosario Méndez', provincia: 13, municipio: 1302, sector: 57, numero: '12',
    }));
    expect(within(row).getByRole('status').textContent).toBe('Se copiaron 16 datos del solicitante. Revíselos antes de continuar.');
    expect(document.activeElement).toBe(button);
    // Copied values are ordinary answers: shown in their fields and editable.
    const names = within(row).getByRole('textbox', { name: /^Nombres/ });
    expect((names as HTMLInputElement).value).toBe('María Altagracia');
    await user.clear(names);
    await user.type(names, 'Carmen');
    await user.tab();
    await waitFor(() => expect(form.rows()[0].nombres).toBe('Carmen'));
    // A second press fills nothing over what was written.
    await user.click(button);
    expect(within(row).getByRole('status').textContent).toBe('No se copió ningún dato: se conservaron los datos ya escritos en esta fila.');
    expect(form.rows()[0].nombres).toBe('Carmen');
  });

  it('«Copiar de otro socio» lists the earlier rows by name and copies the chosen one', async () => {
    const user = userEvent.setup();
    const first = { tipo_de_accionista: 'persona', nombres: 'Carmen Yolanda', apellidos: 'De la Cruz Reyes', calle: 'Calle del Sol' };
    const form = renderPartners([first, { tipo_de_accionista: 'empresa' }, {}]);
    const third = screen.getByRole('group', { name: 'Fila 3' });
    await user.click(within(third).getByRole('button', { name: 'Copiar de otro socio' }));
    const menu = await screen.findByRole('menu', { name: 'Copiar de otro socio' });
    const items = within(menu).getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(['Socio 1 · Carmen Yolanda De la Cruz Reyes', 'Fila 2']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Socio 1 · Carmen Yolanda De la Cruz Reyes' }));
    await waitFor(() => expect(form.rows()[2]).toEqual(first));
    expect(within(third).getByRole('status').textContent).toBe('Se copiaron 4 datos de Socio 1 · Carmen Yolanda De la Cruz Reyes. Revíselos antes de continuar.');
  });
});

describe('rowCopyMessage', () => {
  const copy = { from: 'x', label: 'Copiar', fields: {}, message: 'Se copiaron {n} datos del solicitante. Revíselos antes de continuar.' };
  it('counts in Spanish, singular included, and names what was kept', () => {
    expect(rowCopyMessage(copy, { copied: ['a'], kept: [] })).toBe('Se copió 1 dato del solicitante. Revíselos antes de continuar.');
    expect(rowCopyMessage(copy, { copied: ['a', 'b'], kept: ['c'] })).toBe('Se copiaron 2 datos del solicitante. Revíselos antes de continuar. Se conservó 1 dato ya escrito en esta fila.');
    expect(rowCopyMessage({ ...copy, message: undefined }, { copied: ['a', 'b'], kept: ['c', 'd'] })).toBe('Se copiaron 2 datos. Revíselos antes de continuar. Se conservaron 2 datos ya escritos en esta fila.');
    expect(rowCopyMessage(copy, { copied: [], kept: [] })).toBe('No hay datos que copiar.');
  });
});
