/**
 * "Sugerir un servicio" (SERVICE_RECOMENDED and SERVICE_RECOMENDED_THANKS) in
 * Chromium against the real server and the production build: an anonymous
 * visitor opens it from the footer, an empty ENVIAR shows the engine's
 * message under each of the six fields, a bad e-mail its own message, a
 * complete suggestion is stored (read back from the portal's database) and
 * the thanks modal replaces the form until ACEPTAR. A failed call (500,
 * no connection) keeps the form open with everything typed, the loading
 * cleared and an alert; a 422 puts the server's messages on their fields.
 * Opened from the catalogue's empty state and the phone's menu; a signed-in
 * citizen's suggestion is theirs. axe at 1280 and 390 px on both modals, a
 * keyboard-only pass, screenshots in tests/.artifacts/suggestion.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { launchChromium } from '../support/browser';
import { expectFocus, focused, tabTo, type } from '../support/keyboard';
import { DEMO, login, snapshotOnFailure, textIn } from '../support/portal';
import { REPO_ROOT, startPortal, type Portal } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/suggestion');
const FORM = 'Sugerir un servicio';
const THANKS = '¡Tu Sugerencia fue enviado con éxito!';
const REQUIRED = 'Este campo es requerido';
const FAILED = 'No se pudo enviar su sugerencia. Inténtelo de nuevo.';

/** The six fields by label, and what a visitor types in them. */
const FIELDS = [
  ['Título del servicio', 'Renovación de licencia de conducir en línea'],
  ['Institución', 'Instituto Nacional de Tránsito y Transporte Terrestre (INTRANT)'],
  ['Nombre', 'María José'],
  ['Apellido', 'Núñez Peña'],
  ['Correo electrónico', 'mjnunez@example.com'],
  ['Teléfono', '8095550142'],
] as const;

let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

async function newPage(viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ locale: 'es-DO', viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name });
const dialogs = (page: Page): Locator => page.getByRole('dialog');

/** The stored suggestions with this title, oldest first. */
async function storedWithTitle(title: string): Promise<Record<string, unknown>[]> {
  const { rows } = await portal.app.db.query<Record<string, unknown>>('SELECT * FROM service_suggestions WHERE service_title = $1 ORDER BY id', [title]);
  return rows;
}

async function openFromFooter(page: Page): Promise<Locator> {
  await page.goto(`${portal.baseUrl}/`);
  await page.getByRole('contentinfo').getByRole('button', { name: FORM }).click();
  const form = dialog(page, FORM);
  await form.getByRole('heading', { name: '¡Estamos Para Escucharte!' }).waitFor();
  return form;
}

async function fill(form: Locator, values: readonly (readonly [string, string])[]): Promise<void> {
  for (const [label, value] of values) await textIn(form, label).fill(value);
}

const enviar = (form: Locator) => form.getByRole('button', { name: 'ENVIAR' });

describe('Sugerir un servicio', () => {
  it('a visitor opens it from the footer; empty ENVIAR: every field says it is required; a bad e-mail; a complete suggestion is stored and thanked; ACEPTAR closes', async () => {
    const page = await newPage();
    await snapshotOnFailure(page, async () => {
      const form = await openFromFooter(page);
      // The intro is the schema's description, rendered by the form.
      await form.getByText('Tenga a mano la información del servicio, la institución que lo ofrece, su nombre completo y sus datos de contacto.', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'SERVICE_RECOMENDED at 1280 px');
      await shot(page, 'form-1280');

      await enviar(form).click();
      await expect.poll(() => form.getByText(REQUIRED, { exact: true }).count()).toBe(6);
      for (const [label] of FIELDS) expect(await textIn(form, label).getAttribute('aria-invalid'), label).toBe('true');
      // Focus goes to the first field in error.
      await expectFocus(page, 'Título del servicio');
      // Every field in error is outlined in the error colour, not only the focused one (the others kept the grey border).
      const borderOf = (label: string) => textIn(form, label).evaluate((el) => getComputedStyle(el).borderTopColor);
      const errorColour = await form.getByText(REQUIRED, { exact: true }).first().evaluate((el) => getComputedStyle(el).color);
      // Read once the border's colour transition has ended (mid-way it is a blend: rgb(180, 60, 61) on its way to rgb(181, 59, 59)).
      for (const [label] of FIELDS.slice(1)) await expect.poll(() => borderOf(label), { message: label }).toBe(errorColour);
      await expectNoAxeViolations(page, 'SERVICE_RECOMENDED with errors at 1280 px');
      await shot(page, 'form-errors-1280');

      await fill(form, FIELDS.map(([label, value]) => [label, label === 'Correo electrónico' ? 'mjnunez@' : value] as const));
      // The mask shows the phone as (###) ###-####.
      expect(await textIn(form, 'Teléfono').inputValue()).toBe('(809) 555-0142');
      await enviar(form).click();
      await form.getByText('Favor digitar un email válido').waitFor();
      expect(await form.getByText(REQUIRED, { exact: true }).count()).toBe(0);
      expect(await storedWithTitle(FIELDS[0][1])).toHaveLength(0);

      await textIn(form, 'Correo electrónico').fill('mjnunez@example.com');
      await enviar(form).click();
      const thanks = dialog(page, THANKS);
      await thanks.getByText('Gracias por ayudarnos a mejorar el portal', { exact: false }).waitFor();
      expect(await dialogs(page).count()).toBe(1);
      await expectFocus(page, 'ACEPTAR');
      await expectNoAxeViolations(page, 'SERVICE_RECOMENDED_THANKS at 1280 px');
      await shot(page, 'thanks-1280');

      const rows = await storedWithTitle(FIELDS[0][1]);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ ...Object.fromEntries(FIELDS.map(([label, value]) => [{ 'Título del servicio': 'service_title', Institución: 'institution_name', Nombre: 'person_name', Apellido: 'person_last_name', 'Correo electrónico': 'person_email', Teléfono: 'person_phone' }[label], value])), citizen_id: null });

      await thanks.getByRole('button', { name: 'ACEPTAR' }).click();
      await dialogs(page).first().waitFor({ state: 'detached' });
    });
  });

  it('a failed call (500, then no connection) keeps the form open with everything typed, clears the loading and says so; a 422 shows on its field', async () => {
    const page = await newPage();
    await snapshotOnFailure(page, async () => {
      const title = 'Permiso de uso de suelo en línea';
      const values = FIELDS.map(([label, value]) => [label, label === 'Título del servicio' ? title : value] as const);
      let answer: 'error' | 'offline' | 'field' = 'error';
      let calls = 0;
      await page.route('**/v2/service-suggested', async (route) => {
        calls++;
        // Slow enough for the loading state to be seen.
        await new Promise((r) => setTimeout(r, 400));
        if (answer === 'offline') return route.abort('internetdisconnected');
        if (answer === 'field') {
          return route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ message: 'Datos inválidos', errors: [{ path: 'institution_name', message: 'Indique la institución por su nombre completo' }] }) });
        }
        return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Error interno del servidor' }) });
      });

      const form = await openFromFooter(page);
      await fill(form, values);
      await enviar(form).click();
      // Loading while the call is out.
      await expect.poll(() => enviar(form).getAttribute('data-loading')).toBe('true');
      await form.getByRole('alert').filter({ hasText: FAILED }).waitFor();
      expect(await enviar(form).getAttribute('data-loading')).toBeNull();
      expect(await enviar(form).isEnabled()).toBe(true);
      await expectFocus(page, 'ENVIAR');
      for (const [label, value] of values) expect(await textIn(form, label).inputValue(), label).toBe(label === 'Teléfono' ? '(809) 555-0142' : value);
      expect(await dialogs(page).count()).toBe(1);
      await expectNoAxeViolations(page, 'SERVICE_RECOMENDED after a failed call at 1280 px');
      await shot(page, 'form-failed-1280');

      answer = 'offline';
      await enviar(form).click();
      await expect.poll(() => calls).toBe(2);
      await expect.poll(() => enviar(form).getAttribute('data-loading')).toBeNull();
      await form.getByRole('alert').filter({ hasText: FAILED }).waitFor();
      expect(await textIn(form, 'Correo electrónico').inputValue()).toBe('mjnunez@example.com');

      answer = 'field';
      await enviar(form).click();
      await form.getByText('Indique la institución por su nombre completo').waitFor();
      expect(await textIn(form, 'Institución').getAttribute('aria-invalid')).toBe('true');
      expect(await form.getByRole('alert').filter({ hasText: FAILED }).count()).toBe(0);
      await expectFocus(page, 'Institución');

      // Nothing reached the server; with the route back, the same form sends.
      expect(await storedWithTitle(title)).toHaveLength(0);
      await page.unroute('**/v2/service-suggested');
      await enviar(form).click();
      await dialog(page, THANKS).waitFor();
      expect(await storedWithTitle(title)).toHaveLength(1);
    });
  });

  it('at 390 px: from the catalogue’s empty state and from the phone’s menu; axe on both modals', async () => {
    const page = await newPage(PHONE);
    await snapshotOnFailure(page, async () => {
      await page.goto(`${portal.baseUrl}/servicios?q=${encodeURIComponent('zzqxw inexistente')}`);
      await page.getByText('No encontramos servicios para «zzqxw inexistente»', { exact: false }).waitFor();
      await page.getByRole('main').getByRole('button', { name: FORM }).click();
      const form = dialog(page, FORM);
      await form.getByRole('heading', { name: '¡Estamos Para Escucharte!' }).waitFor();
      await expectNoAxeViolations(page, 'SERVICE_RECOMENDED at 390 px');
      await shot(page, 'form-390');
      await enviar(form).click();
      await expect.poll(() => form.getByText(REQUIRED, { exact: true }).count()).toBe(6);
      await expectNoAxeViolations(page, 'SERVICE_RECOMENDED with errors at 390 px');
      await shot(page, 'form-errors-390');

      const title = 'Duplicado de placa de vehículo';
      await fill(form, FIELDS.map(([label, value]) => [label, label === 'Título del servicio' ? title : value] as const));
      await enviar(form).click();
      const thanks = dialog(page, THANKS);
      await thanks.getByRole('button', { name: 'ACEPTAR' }).waitFor();
      await expectNoAxeViolations(page, 'SERVICE_RECOMENDED_THANKS at 390 px');
      await shot(page, 'thanks-390');
      await thanks.getByRole('button', { name: 'ACEPTAR' }).click();
      await dialogs(page).first().waitFor({ state: 'detached' });
      expect(await storedWithTitle(title)).toHaveLength(1);

      // The phone's menu offers it too.
      await page.getByRole('button', { name: 'Menú' }).click();
      await dialog(page, 'Menú').getByRole('button', { name: FORM }).click();
      await dialog(page, FORM).getByRole('heading', { name: '¡Estamos Para Escucharte!' }).waitFor();
    });
  });

  it('a signed-in citizen finds their name and e-mail filled in, and the suggestion is theirs', async () => {
    const page = await newPage();
    await snapshotOnFailure(page, async () => {
      await login(page, portal.baseUrl, DEMO);
      const me = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? 'null') as { id: number; nombres: string; apellidos: string; email: string });
      const form = await openFromFooter(page);
      await expect.poll(() => textIn(form, 'Nombre').inputValue()).toBe(me.nombres);
      expect(await textIn(form, 'Apellido').inputValue()).toBe(me.apellidos);
      expect(await textIn(form, 'Correo electrónico').inputValue()).toBe(me.email);
      const title = 'Cita para renovación de pasaporte';
      await fill(form, [['Título del servicio', title], ['Institución', 'Dirección General de Pasaportes'], ['Teléfono', '8295550199']]);
      await enviar(form).click();
      await dialog(page, THANKS).waitFor();
      const rows = await storedWithTitle(title);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ citizen_id: me.id, person_email: me.email, person_phone: '8295550199' });
    });
  });

  it('keyboard only: Tab to the footer’s button, Enter, an empty Space on ENVIAR, type each field, Enter sends, Enter on ACEPTAR', async () => {
    const page = await newPage();
    await snapshotOnFailure(page, async () => {
      // The home page's lower parts (links of interest, figures) arrive after the first paint and push the
      // footer down: start once they are in, or the footer's button scrolls out of sight under the test.
      await page.goto(`${portal.baseUrl}/`, { waitUntil: 'networkidle' });
      await waitForStillPage(page);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Contacto' }).focus();
      await tabTo(page, FORM, { max: 2 });
      await page.keyboard.press('Enter');
      const form = dialog(page, FORM);
      await form.getByRole('heading', { name: '¡Estamos Para Escucharte!' }).waitFor();
      await expect.poll(async () => (await focused(page)).dialog).toBe(FORM);

      // Space on ENVIAR with nothing typed: the messages, and focus on the first field.
      await tabTo(page, 'ENVIAR', { max: 10 });
      await page.keyboard.press('Space');
      await expect.poll(() => form.getByText(REQUIRED, { exact: true }).count()).toBe(6);
      await expectFocus(page, 'Título del servicio');

      const title = 'Solicitud de certificado de no antecedentes por correo';
      for (const [index, [label, value]] of FIELDS.entries()) {
        if (index > 0) await tabTo(page, label, { max: 1 });
        await type(page, index === 0 ? title : value);
      }
      expect(await textIn(form, 'Teléfono').inputValue()).toBe('(809) 555-0142');
      await page.keyboard.press('Enter');
      await dialog(page, THANKS).waitFor();
      await expectFocus(page, 'ACEPTAR');
      await page.keyboard.press('Enter');
      await dialogs(page).first().waitFor({ state: 'detached' });
      // Focus goes back to the button that opened the form.
      await expectFocus(page, FORM);
      expect(await storedWithTitle(title)).toHaveLength(1);
    });
  });
});
