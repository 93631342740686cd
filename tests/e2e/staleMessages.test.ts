/**
 * Messages that must follow what the citizen did, in Chromium against the real
 * server, on the formalization's documents step: opening a document field's
 * upload dialog (or cancelling it) before any attempt marks nothing; after a
 * failed «Revisar la solicitud» the section's error summary drops each field as
 * soon as a document is attached to it (chosen from «Mis documentos» or
 * uploaded), never adds one, does not take focus back meanwhile, and goes away
 * once empty; the field's own message goes with it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { portalSuite } from '../support/portalSuite';
import { fixture, login, newApplication, pickDocument, seedDraft, snapshotOnFailure, uploadDocumentApi, uploadPdf } from '../support/portal';
import { DESKTOP } from '../support/viewports';

const suite = portalSuite();

const STEP_TITLE = 'Documentos Requeridos a Adjuntar';
const REQUIRED = 'Este campo es requerido';
const FIELDS = [
  'Certificado de nombre comercial',
  'Cédulas de identidad o pasaportes de los miembros de la sociedad',
  'Asamblea constitutiva',
  'Nómina de asistencia',
  'Lista de suscripción',
];

const group = (page: Page, label: string) => page.getByRole('group', { name: new RegExp(`^${label}( \\(obligatorio\\))?$`) });
const summary = (page: Page) => page.getByRole('alert').filter({ hasText: 'Hay errores en esta sección' });
/** The fields the summary names, in its order. */
const summaryFields = async (page: Page) => (await summary(page).getByRole('link').allInnerTexts()).map((t) => t.split(':')[0]);

/** A new SRL application, complete but for its documents (one stored document to choose), on its documents step. */
async function openDocumentsStep(page: Page, stored: string) {
  await login(page, suite.baseUrl);
  const id = await newApplication(page);
  await uploadDocumentApi(page, suite.baseUrl, `${stored}.pdf`);
  const data = structuredClone(fixture('srl-completa'));
  data.documentos_requeridos = {};
  await seedDraft(page, suite.baseUrl, id, data);
  await page.goto(`${suite.baseUrl}/formalizacion/${id}/documentos_requeridos`);
  await page.getByRole('heading', { name: STEP_TITLE, level: 2, exact: true }).waitFor();
  const first = group(page, FIELDS[0]);
  await first.getByRole('button', { name: 'Subir archivo' }).waitFor();
  return first;
}

describe('messages that follow the citizen', () => {
  it('documents step: opening a document\'s upload dialog, or cancelling it, before any attempt shows no requirement', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      const first = await openDocumentsStep(page, 'Carta guardada');

      // Opening the upload dialog is not leaving the field: no requirement under it, open or cancelled.
      await first.getByRole('button', { name: 'Subir archivo' }).click();
      const upload = page.getByRole('dialog', { name: 'Subir documento' });
      await upload.getByRole('button', { name: 'Cancelar' }).waitFor();
      await page.waitForTimeout(400);
      expect(await first.getByText(REQUIRED).count(), 'requirement while the dialog is open').toBe(0);
      await upload.getByRole('button', { name: 'Cancelar' }).click();
      await upload.waitFor({ state: 'hidden' });
      await page.waitForTimeout(400);
      expect(await first.getByText(REQUIRED).count(), 'requirement after cancelling, before any attempt').toBe(0);
      expect(await page.getByText(REQUIRED).count()).toBe(0);
    });
  });

  it('documents step: after a failed attempt the error summary drops each field as soon as a document is attached, and goes away once empty', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      const first = await openDocumentsStep(page, 'Acta guardada');
      const upload = page.getByRole('dialog', { name: 'Subir documento' });

      // The attempt: every empty document is listed and says so.
      await page.getByRole('button', { name: 'Revisar la solicitud' }).click();
      await summary(page).waitFor();
      await expect(summaryFields(page)).resolves.toEqual(FIELDS);
      await first.getByText(REQUIRED).waitFor();

      // Cancelling a dialog after the attempt changes nothing.
      await group(page, FIELDS[1]).getByRole('button', { name: 'Subir archivo' }).click();
      await upload.getByRole('button', { name: 'Cancelar' }).click();
      await upload.waitFor({ state: 'hidden' });
      await expect(summaryFields(page)).resolves.toEqual(FIELDS);

      // A stored document chosen: the field leaves the summary at once, its message goes, focus stays where it was.
      await pickDocument(page, FIELDS[0], 'Acta guardada');
      await expect.poll(() => summaryFields(page)).toEqual(FIELDS.slice(1));
      expect(await first.getByText(REQUIRED).count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.closest('[role="alert"]') === null), 'focus not pulled back to the summary').toBe(true);

      // A document uploaded now: the same.
      await uploadPdf(page, FIELDS[1], 'Cedulas socios.pdf');
      await expect.poll(() => summaryFields(page)).toEqual(FIELDS.slice(2));
      expect(await group(page, FIELDS[1]).getByText(REQUIRED).count()).toBe(0);

      // The last ones: the summary goes away.
      for (const label of FIELDS.slice(2)) await pickDocument(page, label, 'Acta guardada');
      await summary(page).waitFor({ state: 'detached' });
      expect(await page.getByText(REQUIRED).count()).toBe(0);

      // The next attempt leaves the step.
      await page.getByRole('button', { name: 'Revisar la solicitud' }).click();
      await page.waitForURL(/\/formalizacion\/\d+\/revisar$/);
    });
  });
});
