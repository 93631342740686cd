/**
 * `x-row-copy` in Chromium against the real server, at a phone's width: the
 * applicant is filled through the UI (the JCE fills the names), then a partner
 * row takes the applicant's identity and address with «Copiar los datos del
 * solicitante», one copied answer is edited, and the autosaved draft holds it
 * all. A second row copies the first by keyboard («Copiar de otro socio»).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';
import { portalSuite } from '../support/portalSuite';
import {
  addRow,
  fillAddress,
  fillContact,
  fixture,
  getDraft,
  gridOf,
  login,
  newApplication,
  seedDraft,
  selectIn,
  snapshotOnFailure,
  textIn,
  typeCedula,
  waitAutosaved,
  waitForValue,
} from '../support/portal';

const suite = portalSuite();
const PARTNERS = 'Propietario / Socios / Representantes';
const COPY = 'Copiar los datos del solicitante';
const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/partner-copy');

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

async function openStep(page: Page, id: number, key: string, heading: string): Promise<void> {
  await page.goto(`${suite.baseUrl}/formalizacion/${id}/${key}`);
  await page.getByRole('heading', { name: heading, level: 2, exact: true }).waitFor();
}

describe('partners: copy the applicant', () => {
  it("a partner row takes the applicant's identity and address, stays editable and is autosaved", async () => {
    const page = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl);
      const id = await newApplication(page);
      // Step 1 as the SRL fixture has it: the partners step exists only for an SRL.
      await seedDraft(page, suite.baseUrl, id, { datos_solicitud: fixture('srl-completa').datos_solicitud });

      await openStep(page, id, 'datos_solicitante', 'Datos del solicitante');
      await selectIn(page, 'Tipo de solicitante', 'Persona física / Representante');
      await selectIn(page, 'Tipo de documento de identidad', 'Cédula');
      await typeCedula(page, 'Cédula', '00104578232', { field: 'Nombre', expected: 'María Altagracia' });
      await fillContact(page, { email: 'maria.rosario@example.com', phone: '8095550101', sexo: 'Femenino', estadoCivil: 'Casado(a)', nacionalidad: ['domini', 'Dominicana'] });
      await fillAddress(page, { provincia: ['vega', 'La Vega'], municipio: ['constanza', 'Constanza'], sector: ['espanola colonia', 'Colonia Española'], calle: 'Calle Duarte', numero: '12' });
      await waitAutosaved(page);

      await openStep(page, id, 'propietario_socios', PARTNERS);
      const grid = gridOf(page, PARTNERS);
      const row = await addRow(grid);
      const copy = row.getByRole('button', { name: COPY, exact: true });
      // A phone's width: the button fits on screen (the row's buttons wrap).
      const box = await copy.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      await copy.click();
      await row.getByRole('status').getByText('Se copiaron 16 datos del solicitante. Revíselos antes de continuar.', { exact: true }).waitFor();

      expect(await row.getByRole('combobox', { name: 'Tipo de accionista', exact: true }).inputValue()).toBe('Persona');
      expect(await textIn(row, 'Número de cédula').inputValue()).toBe('001-0457823-2');
      expect(await textIn(row, 'Nombres').inputValue()).toBe('María Altagracia');
      expect(await textIn(row, 'Apellidos').inputValue()).toBe('Rosario Méndez');
      expect(await textIn(row, 'Calle').inputValue()).toBe('Calle Duarte');
      // Provincia, municipio and sector copied together: none is emptied by the one before it.
      for (const [label, option] of [['Provincia', 'La Vega'], ['Municipio', 'Constanza'], ['Sector', 'Colonia Española']] as const) {
        await waitForValue(() => row.getByRole('combobox', { name: label, exact: true }).inputValue(), option, `copied ${label}`);
      }

      await shot(page, 'copiado-390');
      await expectNoAxeViolations(page, 'socio copiado del solicitante (390)');

      // Copied answers are ordinary answers: the citizen edits one.
      await textIn(row, 'Calle').fill('Calle del Sol');

      // A second partner copies the first by keyboard, from the menu that names it.
      const second = await addRow(grid);
      await second.getByRole('button', { name: 'Copiar de otro socio', exact: true }).focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: 'Copiar de otro socio' });
      await menu.getByRole('menuitem', { name: 'Socio 1 · María Altagracia Rosario Méndez', exact: true }).waitFor();
      await shot(page, 'menu-otro-socio-390', false);
      await expectNoAxeViolations(page, 'menú «Copiar de otro socio» (390)');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await waitForValue(() => textIn(second, 'Calle').inputValue(), 'Calle del Sol', 'street copied from partner 1');
      await waitAutosaved(page);
      await page.setViewportSize(DESKTOP);
      await second.getByRole('button', { name: COPY, exact: true }).scrollIntoViewIfNeeded();
      await shot(page, 'dos-socios-1280');
      await expectNoAxeViolations(page, 'dos socios copiados (1280)');

      const saved = (await getDraft(page, suite.baseUrl, id)).data;
      const partner = {
        tipo_de_accionista: 'persona', tipo_de_documento_de_identidad: 'cedula', numero_de_cedula: '00104578232',
        nombres: 'María Altagracia', apellidos: 'Rosario Méndez', correo_electronica: 'maria.rosario@example.com', telefono: '8095550101',
        sexo: 'F', estado_civil: 'casado', provincia: saved.datos_solicitante.provincia, municipio: saved.datos_solicitante.municipio,
        sector: saved.datos_solicitante.sector, calle: 'Calle del Sol', numero: '12',
      };
      expect(saved.propietario_socios).toHaveLength(2);
      expect(saved.propietario_socios[0]).toMatchObject(partner);
      expect(saved.propietario_socios[1]).toMatchObject(partner);
      // The applicant keeps their own street.
      expect(saved.datos_solicitante.calle).toBe('Calle Duarte');
    });
  }, 120000);
});
