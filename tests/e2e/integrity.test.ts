/**
 * Integrity of what a citizen submits, in Chromium against the real server and
 * the production build: remote verdicts survive a reload (a taken company
 * name keeps blocking its step), an expired trade-name certificate is refused
 * on its field right after the lookup, and drafts can be deleted from the home
 * list after a confirmation (accessible dialog) and are capped.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { portalSuite } from '../support/portalSuite';
import { chooseRadio, login, newApplication, registerCitizen, selectIn, snapshotOnFailure, textIn, waitAutosaved, type Account } from '../support/portal';
import { axeViolations, formatViolations, waitForStillPage } from '../support/axe';

const suite = portalSuite();
const freshPage = (): Promise<Page> => suite.page({ viewport: { width: 1280, height: 900 } });

const SRL = 'Sociedad de Responsabilidad Limitada (SRL)';
const STEP_1 = 'Datos solicitud de formalización';
const TAKEN = 'Nombre no está disponible';

/** The side list's link of a section (its name ends with the status: "Completa", "Incompleta", "Con errores"). */
const sectionLink = (page: Page, title: string) =>
  page.getByRole('navigation', { name: 'Secciones de la solicitud' }).getByRole('link', { name: new RegExp(`^\\d+\\. ${title}`) });

/** A new draft through the API with the page's session; returns its id. */
async function draftViaApi(page: Page, data: Record<string, unknown>): Promise<{ status: number; id?: number; message?: string }> {
  const res = await page.request.post(`${suite.baseUrl}/v1/portals/formalizaciones`, { data: { data } });
  const body = (await res.json()) as { data?: { id: number }; message?: string };
  return { status: res.status(), id: body.data?.id, message: body.message };
}

/** The home list's card of an application, by the name it is listed with. */
const card = (page: Page, name: string) => page.locator('main .mantine-Card-root').filter({ has: page.getByText(name, { exact: true }) });

/** Whether focus is inside the open dialog. */
const focusInDialog = (page: Page) => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);

describe('remote verdicts survive a reload', () => {
  it('a taken company name: after a reload the step shows "Nombre no está disponible", is not "Completa" and "Siguiente" stays', async () => {
    const page = await freshPage();
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '03702849518'));
      await newApplication(page);
      await selectIn(page, 'Tipo societario', SRL);
      await chooseRadio(page, '¿Tienes nombre comercial?', 'No');
      await textIn(page, 'Nombre de la empresa o razón social').fill('Panadería La Esperanza');
      await page.locator('main').getByText(TAKEN).waitFor();
      await waitAutosaved(page);

      await page.reload();
      await page.getByRole('heading', { name: STEP_1, level: 2 }).waitFor();
      expect(await textIn(page, 'Nombre de la empresa o razón social').inputValue()).toBe('Panadería La Esperanza');
      // The draft's lookups run again on load: the verdict is back on its field, without typing anything.
      await page.locator('main form').getByText(TAKEN).waitFor();
      const status = await sectionLink(page, STEP_1).textContent();
      expect(status).not.toMatch(/Completa/);
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByRole('heading', { name: 'Hay errores en esta sección' }).waitFor();
      expect(await page.getByRole('alert').filter({ hasText: TAKEN }).count()).toBe(1);
      expect(new URL(page.url()).pathname).toMatch(/^\/formalizacion\/\d+$/);
      expect(await page.getByRole('heading', { name: STEP_1, level: 2 }).count()).toBe(1);
    });
  });

  it('"Siguiente" asks the registry first: a taken name typed just before the click does not advance', async () => {
    const page = await freshPage();
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '40210773467'));
      await newApplication(page);
      await selectIn(page, 'Tipo societario', SRL);
      await chooseRadio(page, '¿Tienes nombre comercial?', 'No');
      // Clicked before the field's own lookup (2 s after the last key) has run.
      await textIn(page, 'Nombre de la empresa o razón social').fill('Colmado Doña Ñeca');
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByRole('heading', { name: 'Hay errores en esta sección' }).waitFor();
      await page.locator('main form').getByText(TAKEN).waitFor();
      expect(await page.getByRole('heading', { name: STEP_1, level: 2 }).count()).toBe(1);
    });
  });
});

describe('expired trade-name certificate', () => {
  it('is refused on its field as soon as the lookup answers', async () => {
    const page = await freshPage();
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '02603918570'));
      await newApplication(page);
      await selectIn(page, 'Tipo societario', SRL);
      await chooseRadio(page, '¿Tienes nombre comercial?', 'Sí');
      const field = textIn(page, 'Número del certificado de nombre comercial');
      await field.pressSequentially('123987');
      await page.locator('main form').getByText('El certificado de nombre comercial está vencido (venció el 31/01/2021)').waitFor();
      // Still in the field: the message did not wait for it to be left, and it is tied to the field.
      expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      // The registry knows the number, but the form refuses it: no green «válido» toast beside the red message.
      expect(await page.getByText('Número de certificado válido').count()).toBe(0);
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByRole('heading', { name: 'Hay errores en esta sección' }).waitFor();
      expect(await page.getByRole('heading', { name: STEP_1, level: 2 }).count()).toBe(1);
    });
  });
});

describe('drafts on the home page', () => {
  it('are listed by company name; "Eliminar borrador" asks first (accessible dialog): Escape and "Cancelar" keep it, confirming removes it', async () => {
    const page = await freshPage();
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, await registerCitizen(suite.baseUrl, '09301624756'));
      const named = await draftViaApi(page, { datos_solicitud: { tipo_societario: 'SRL', tienes_nombre_comercial: false, 'nombre_de_la_empresa_o_razón_social': 'Dulces Doña Ana SRL' } });
      const unnamed = await draftViaApi(page, { datos_solicitud: { tipo_societario: 'EIRL' } });
      await page.reload();
      await page.getByRole('heading', { name: 'Mis solicitudes' }).waitFor();
      await card(page, 'Dulces Doña Ana SRL · SRL').waitFor();
      await card(page, `Borrador n.º ${unnamed.id} · EIRL`).waitFor();

      const button = card(page, 'Dulces Doña Ana SRL · SRL').getByRole('button', { name: /^Eliminar borrador/ });
      const dialog = page.getByRole('dialog', { name: '¿Eliminar este borrador?' });

      // Escape closes it; focus returns to the button; nothing is deleted.
      await button.click();
      await dialog.waitFor();
      await waitForStillPage(page);
      expect(await focusInDialog(page)).toBe(true);
      const violations = await axeViolations(page);
      expect(violations, formatViolations(violations)).toEqual([]);
      // Focus is trapped: Tab and Shift+Tab cycle through the dialog's controls only.
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press('Tab');
        expect(await focusInDialog(page), `Tab ${i + 1}`).toBe(true);
      }
      await page.keyboard.press('Shift+Tab');
      expect(await focusInDialog(page)).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);

      // "Cancelar" keeps it too.
      await button.click();
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect((await page.request.get(`${suite.baseUrl}/v1/portals/formalizaciones/${named.id}`)).status()).toBe(200);
      expect(await card(page, 'Dulces Doña Ana SRL · SRL').count()).toBe(1);

      // Confirming removes it, on the server and from the list, with a toast.
      await button.click();
      await dialog.getByRole('button', { name: 'Eliminar borrador' }).click();
      await page.getByText('Se eliminó el borrador «Dulces Doña Ana SRL · SRL».').waitFor();
      await card(page, 'Dulces Doña Ana SRL · SRL').waitFor({ state: 'detached' });
      expect((await page.request.get(`${suite.baseUrl}/v1/portals/formalizaciones/${named.id}`)).status()).toBe(404);
      expect(await card(page, `Borrador n.º ${unnamed.id} · EIRL`).count()).toBe(1);
    });
  });

  it('past the cap of open drafts, "Nueva solicitud" says so in Spanish; deleting one makes room', async () => {
    const page = await freshPage();
    const account: Account = await registerCitizen(suite.baseUrl, '40233509187');
    await snapshotOnFailure(page, async () => {
      await login(page, suite.baseUrl, account);
      let made = 0;
      for (;;) {
        const res = await draftViaApi(page, {});
        if (res.status !== 201) {
          expect(res.status).toBe(429);
          break;
        }
        made++;
      }
      expect(made).toBe(10);
      await page.reload();
      await page.getByRole('button', { name: 'Nueva solicitud de formalización' }).click();
      await page.getByRole('alert').filter({ hasText: 'Tiene demasiados borradores abiertos (10); elimine alguno antes de crear otro' }).waitFor();

      await page.getByRole('button', { name: /^Eliminar borrador/ }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Eliminar borrador' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await newApplication(page);
    });
  });
});
