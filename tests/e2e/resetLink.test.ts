/**
 * Issue 25 §1, finding 5, in Chromium against the real server and the production build: the mail of
 * «¿Olvidó su contraseña?» carries, beside the code, a link to /cuenta/restablecer that anonymous wrong
 * guesses of the code cannot end. Here the code is killed by five wrong guesses first; the owner then
 * opens the link from the mail (nothing happens on opening it), types the new password twice, presses the
 * button and signs in with it. The link works once. axe at 1280 and 390 px, a keyboard-only pass,
 * screenshots in tests/.artifacts/account-security.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { expectFocus, tabTo, type } from '../support/keyboard';
import { registerCitizen, snapshotOnFailure } from '../support/portal';
import { portalSuite } from '../support/portalSuite';
import { mailboxOf, REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const suite = portalSuite();
const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/account-security');
const RESET_LINK = /https?:\/\/[^\s]+\/cuenta\/restablecer\?token=[A-Za-z0-9_-]{43}/;
const TITLE = 'Crear una contraseña nueva';

async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

/** A field by its label (the required asterisk aside): password inputs have no textbox role. */
const field = (scope: Locator | Page, label: string) => scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));
const emailOf = (cedula: string) => `ciudadano.${cedula}@example.com`;

/** Asks for a reset as the owner would; answers the code and the link of the mail (the link on the test portal's port). */
async function resetMail(cedula: string): Promise<{ code: string; link: string }> {
  const mailbox = mailboxOf(suite.baseUrl);
  const since = mailbox.received.length;
  const res = await fetch(`${suite.baseUrl}/v1/portals/forgot?dni=${cedula}`);
  expect(res.status).toBe(200);
  const mail = await mailbox.waitFor(emailOf(cedula), { since });
  const code = /es (\d{6})\./.exec(mail.raw)?.[1];
  const link = RESET_LINK.exec(mail.raw)?.[0];
  expect(code, mail.raw).toBeDefined();
  expect(link, mail.raw).toBeDefined();
  // The link carries PUBLIC_URL's origin; the test portal listens on its own port: its path and token are what matter.
  const url = new URL(link!);
  return { code: code!, link: `${suite.baseUrl}${url.pathname}${url.search}` };
}

const resetByCode = (dni: string, code: string) =>
  fetch(`${suite.baseUrl}/v1/portals/auth/citizens/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ dni, code, password: 'Clave-nueva-22' }),
  });

const me = async (page: Page) => (await page.request.get(`${suite.baseUrl}/v1/portals/auth/citizens/me`)).status();

/** Opens the link as from the mail: the page says what it is and does nothing yet; the token leaves the address bar. */
async function openLink(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
  await page.waitForURL((url) => url.pathname === '/cuenta/restablecer' && url.search === '');
}

describe('the reset link of the mail: a way in that wrong code guesses cannot spend', () => {
  it('1280 px: the code is killed by wrong guesses, the link still sets the password; then sign-in; it works once', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      const account = await registerCitizen(suite.baseUrl, '04701935282');
      const { code, link } = await resetMail(account.cedula);
      // An attacker's five wrong guesses kill the code: even the right one is refused afterwards.
      for (let i = 0; i < 5; i++) {
        const wrong = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
        expect((await resetByCode(account.cedula, wrong)).status).toBe(400);
      }
      expect((await resetByCode(account.cedula, code)).status).toBe(400);

      await openLink(page, link);
      expect(await page.title()).toBe(`${TITLE} | Portal Ciudadano`);
      await expectNoAxeViolations(page, 'reset link page at 1280 px');
      await shot(page, 'restablecer-enlace-1280');

      // The two fields must match (said on the field, nothing sent).
      await field(page, 'Nueva contraseña').fill('Cielo-Azul-Samana-77');
      await field(page, 'Confirme la nueva contraseña').fill('Cielo-Azul-Samana-78');
      await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
      await page.getByText('Las contraseñas no coinciden').waitFor();
      await expectFocus(page, 'Confirme la nueva contraseña');
      await expectNoAxeViolations(page, 'reset link page, passwords differ, at 1280 px');
      await shot(page, 'restablecer-enlace-no-coinciden-1280');

      await field(page, 'Confirme la nueva contraseña').fill('Cielo-Azul-Samana-77');
      await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
      await page.getByRole('status').filter({ hasText: 'Contraseña actualizada' }).waitFor();
      await expectNoAxeViolations(page, 'reset link page done at 1280 px');
      await shot(page, 'restablecer-enlace-hecho-1280');
      // Like a reset by code, this browser is trusted from now on.
      expect((await page.context().cookies()).some((c) => c.name === 'device')).toBe(true);

      // «Iniciar sesión» opens the sign-in, where the new password works.
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      const signIn = page.getByRole('dialog', { name: 'Iniciar sesión' });
      await field(signIn, 'Cédula').fill(account.cedula);
      await field(signIn, 'Contraseña').fill('Cielo-Azul-Samana-77');
      await signIn.getByRole('button', { name: 'Ingresar', exact: true }).click();
      await signIn.waitFor({ state: 'detached' });
      expect(await me(page)).toBe(200);

      // The link works once.
      const again = await suite.page({ viewport: DESKTOP });
      await openLink(again, link);
      await field(again, 'Nueva contraseña').fill('Otra-Clave-Segura-88');
      await field(again, 'Confirme la nueva contraseña').fill('Otra-Clave-Segura-88');
      await again.getByRole('button', { name: 'Cambiar la contraseña' }).click();
      await again.getByRole('alert').filter({ hasText: 'El enlace venció o ya se usó' }).waitFor();
      await expectNoAxeViolations(again, 'reset link page, used link, at 1280 px');
      await shot(again, 'restablecer-enlace-usado-1280');
      await again.getByRole('button', { name: '¿Olvidó su contraseña?' }).click();
      await again.getByRole('dialog', { name: 'Recuperar la contraseña' }).waitFor();
    });
  });

  it('390 px: the page, its answer and an incomplete link pass axe, with no sideways scroll', async () => {
    const page = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(page, async () => {
      const account = await registerCitizen(suite.baseUrl, '03702849518');
      const { link } = await resetMail(account.cedula);
      const wide = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      await openLink(page, link);
      expect(await wide()).toBe(false);
      await expectNoAxeViolations(page, 'reset link page at 390 px');
      await shot(page, 'restablecer-enlace-390');
      await field(page, 'Nueva contraseña').fill('corto');
      await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
      await expectFocus(page, 'Nueva contraseña');
      await expectNoAxeViolations(page, 'reset link page, short password, at 390 px');
      await shot(page, 'restablecer-enlace-corta-390');
      await field(page, 'Nueva contraseña').fill('Rio-Yaque-Del-Norte-42');
      await field(page, 'Confirme la nueva contraseña').fill('Rio-Yaque-Del-Norte-42');
      await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
      await page.getByRole('status').filter({ hasText: 'Contraseña actualizada' }).waitFor();
      expect(await wide()).toBe(false);
      await expectNoAxeViolations(page, 'reset link page done at 390 px');
      await shot(page, 'restablecer-enlace-hecho-390');
      // An incomplete link says so.
      await page.goto(`${suite.baseUrl}/cuenta/restablecer`);
      await page.getByRole('alert').filter({ hasText: 'El enlace está incompleto' }).waitFor();
      await expectNoAxeViolations(page, 'reset link page without a token at 390 px');
      await shot(page, 'restablecer-enlace-incompleto-390');
    });
  });

  it('keyboard only: the new password twice from the link, then sign in with it', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      const account = await registerCitizen(suite.baseUrl, '40210773467');
      const { link } = await resetMail(account.cedula);
      await openLink(page, link);
      await tabTo(page, 'Nueva contraseña', { max: 40 });
      await type(page, 'Lago-Enriquillo-Azul-19');
      await tabTo(page, 'Confirme la nueva contraseña', { max: 4 });
      await type(page, 'Lago-Enriquillo-Azul-19');
      await tabTo(page, 'Cambiar la contraseña', { max: 4 });
      await page.keyboard.press('Enter');
      // The answer takes the focus the button lost.
      await page.getByRole('status').filter({ hasText: 'Contraseña actualizada' }).waitFor();
      await expectFocus(page, (f) => f.role === 'status' || f.name.startsWith('Contraseña actualizada'));
      await tabTo(page, 'Iniciar sesión', { max: 3 });
      await page.keyboard.press('Enter');
      const signIn = page.getByRole('dialog', { name: 'Iniciar sesión' });
      await signIn.waitFor();
      await expectFocus(page, 'Cédula');
      await type(page, account.cedula);
      await tabTo(page, 'Contraseña', { max: 3 });
      await type(page, 'Lago-Enriquillo-Azul-19');
      await page.keyboard.press('Enter');
      await signIn.waitFor({ state: 'detached' });
      expect(await me(page)).toBe(200);
    });
  });
});
