/**
 * Issue 25 §1 (finding 1) in Chromium against the real server and the production build: changing
 * the e-mail in «Editar mis datos» asks for the current password (the field appears only when the
 * address changes; a wrong one is refused on the field), the code from the new mailbox confirms it,
 * and the OLD address receives a link to /cuenta/deshacer-cambio-correo that undoes the change once
 * (every session ends; the page offers «¿Olvidó su contraseña?»). axe at 1280 and 390 px, a
 * keyboard-only pass, screenshots in tests/.artifacts/account-security.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { expectFocus, tabTo, type } from '../support/keyboard';
import { login, registerCitizen, snapshotOnFailure, textIn, type Account } from '../support/portal';
import { portalSuite } from '../support/portalSuite';
import { mailboxOf, REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const suite = portalSuite();
const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/account-security');
const UNDO_LINK = /https?:\/\/[^\s]+\/cuenta\/deshacer-cambio-correo\?token=[A-Za-z0-9_-]{43}/;

async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name });
const passwordIn = (scope: Locator): Locator => textIn(scope, 'Contraseña actual');
const emailOf = (cedula: string) => `ciudadano.${cedula}@example.com`;

async function openEdit(page: Page): Promise<Locator> {
  await page.goto(`${suite.baseUrl}/perfil`);
  await page.getByRole('heading', { name: 'Datos de identidad', level: 2 }).waitFor();
  await page.getByRole('button', { name: 'Editar mis datos' }).click();
  const edit = dialog(page, 'Editar mis datos');
  await textIn(edit, 'Calle').waitFor();
  return edit;
}

/** The undo link of the notice mailed to `oldEmail` after `since` (the link the server built, with PUBLIC_URL's origin). */
async function undoLinkFor(oldEmail: string, since: number): Promise<string> {
  const notice = await mailboxOf(suite.baseUrl).waitFor(oldEmail, { since });
  const link = UNDO_LINK.exec(notice.raw)?.[0];
  expect(link, notice.raw).toBeDefined();
  // The test portal listens on its own port; the link's path and token are what matter.
  const url = new URL(link!);
  return `${suite.baseUrl}${url.pathname}${url.search}`;
}

/** Changes the e-mail through the dialog (password and code), answers the undo link mailed to the old address. */
async function changeEmailInDialog(page: Page, account: Account, newEmail: string, { viewport }: { viewport: string }): Promise<string> {
  const mailbox = mailboxOf(suite.baseUrl);
  const edit = await openEdit(page);
  // No password field while the address stays.
  expect(await passwordIn(edit).count()).toBe(0);
  await textIn(edit, 'Correo electrónico').fill(newEmail);
  await passwordIn(edit).waitFor();
  await expectNoAxeViolations(page, `USER_EDIT with the password field at ${viewport}`);
  await shot(page, `editar-correo-contrasena-${viewport}`, { fullPage: false });

  // Without it: asked for on the field, nothing sent.
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await edit.getByText('Escriba su contraseña actual para cambiar el correo').waitFor();
  // A wrong one: the server's answer on the field, nothing changes.
  await passwordIn(edit).fill('No-es-la-clave-1');
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await edit.getByText('La contraseña actual no es correcta').waitFor();
  await expectFocus(page, 'Contraseña actual');
  await expectNoAxeViolations(page, `USER_EDIT with a wrong password at ${viewport}`);
  await shot(page, `editar-correo-contrasena-incorrecta-${viewport}`, { fullPage: false });

  const since = mailbox.received.length;
  await passwordIn(edit).fill(account.password);
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  const code = await mailbox.codeFor(newEmail, { since });
  await textIn(edit, 'Código de confirmación').fill(code);
  const noticeSince = mailbox.received.length;
  await edit.getByRole('button', { name: 'Confirmar correo' }).click();
  await edit.waitFor({ state: 'hidden' });
  return undoLinkFor(emailOf(account.cedula), noticeSince);
}

describe('account security: e-mail change with the current password, and its undo link', () => {
  it('1280 px: password asked, change confirmed, the old address undoes it once and every session ends', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      const account = await registerCitizen(suite.baseUrl, '04701935282');
      await login(page, suite.baseUrl, account);
      const link = await changeEmailInDialog(page, account, 'rosa.cambiada@example.com', { viewport: '1280' });
      expect((await page.request.get(`${suite.baseUrl}/v1/portals/auth/citizens/me`)).status()).toBe(200);

      // The owner opens the link from the old mailbox, in another browser.
      const owner = await suite.page({ viewport: DESKTOP });
      await owner.goto(link);
      await owner.getByRole('heading', { name: 'Deshacer el cambio de correo', level: 1 }).waitFor();
      expect(await owner.title()).toBe('Deshacer el cambio de correo | Portal Ciudadano');
      // The token leaves the address bar (and the history) at once.
      await owner.waitForURL((url) => url.pathname === '/cuenta/deshacer-cambio-correo' && url.search === '');
      await expectNoAxeViolations(owner, 'undo page at 1280 px');
      await shot(owner, 'deshacer-1280');
      await owner.getByRole('button', { name: 'Deshacer el cambio' }).click();
      await owner.getByRole('status').filter({ hasText: 'vuelve a usar su correo anterior' }).waitFor();
      await expectNoAxeViolations(owner, 'undo page done at 1280 px');
      await shot(owner, 'deshacer-hecho-1280');
      // Every session ended, the one that made the change too; the address is the old one again.
      expect((await page.request.get(`${suite.baseUrl}/v1/portals/auth/citizens/me`)).status()).toBe(401);
      const { rows } = await suite.portal.app.db.query<{ email: string }>('SELECT email FROM citizens WHERE cedula = $1', [account.cedula]);
      expect(rows[0].email).toBe(emailOf(account.cedula));
      // «Crear una contraseña nueva» opens the usual recovery.
      await owner.getByRole('button', { name: 'Crear una contraseña nueva' }).click();
      await dialog(owner, 'Recuperar la contraseña').waitFor();

      // The link works once.
      const again = await suite.page({ viewport: DESKTOP });
      await again.goto(link);
      await again.getByRole('button', { name: 'Deshacer el cambio' }).click();
      await again.getByRole('alert').filter({ hasText: 'ya se usó o venció' }).waitFor();
      await expectNoAxeViolations(again, 'undo page, used link, at 1280 px');
      await shot(again, 'deshacer-usado-1280');
    });
  });

  it('390 px: the password field and the undo page pass axe, with no sideways scroll', async () => {
    const page = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(page, async () => {
      const account = await registerCitizen(suite.baseUrl, '03702849518');
      await login(page, suite.baseUrl, account);
      const link = await changeEmailInDialog(page, account, 'ana.cambiada@example.com', { viewport: '390' });
      const owner = await suite.page({ viewport: PHONE });
      await owner.goto(link);
      await owner.getByRole('heading', { name: 'Deshacer el cambio de correo', level: 1 }).waitFor();
      const wide = () => owner.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(await wide()).toBe(false);
      await expectNoAxeViolations(owner, 'undo page at 390 px');
      await shot(owner, 'deshacer-390');
      await owner.getByRole('button', { name: 'Deshacer el cambio' }).click();
      await owner.getByRole('status').filter({ hasText: 'vuelve a usar su correo anterior' }).waitFor();
      expect(await wide()).toBe(false);
      await expectNoAxeViolations(owner, 'undo page done at 390 px');
      await shot(owner, 'deshacer-hecho-390');
      // An incomplete link says so.
      await owner.goto(`${suite.baseUrl}/cuenta/deshacer-cambio-correo`);
      await owner.getByRole('alert').filter({ hasText: 'El enlace está incompleto' }).waitFor();
      await expectNoAxeViolations(owner, 'undo page without a token at 390 px');
    });
  });

  it('keyboard only: change the e-mail with the password and the code, then undo it from the link', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      const account = await registerCitizen(suite.baseUrl, '40210773467');
      await login(page, suite.baseUrl, account);
      await page.goto(`${suite.baseUrl}/perfil`);
      await page.getByRole('heading', { name: 'Datos de identidad', level: 2 }).waitFor();
      await page.getByRole('heading', { name: 'Mi perfil', level: 1 }).click();
      await tabTo(page, 'Editar mis datos', { max: 40 });
      await page.keyboard.press('Enter');
      await dialog(page, 'Editar mis datos').waitFor();
      await tabTo(page, 'Correo electrónico', { max: 12 });
      await page.keyboard.press('ControlOrMeta+A');
      await type(page, 'luis.cambiado@example.com');
      await tabTo(page, 'Contraseña actual', { max: 14 });
      await type(page, account.password);
      const mailbox = mailboxOf(suite.baseUrl);
      const since = mailbox.received.length;
      await tabTo(page, 'Guardar cambios', { max: 4 });
      await page.keyboard.press('Enter');
      const code = await mailbox.codeFor('luis.cambiado@example.com', { since });
      await expectFocus(page, 'Código de confirmación');
      await type(page, code);
      const noticeSince = mailbox.received.length;
      await page.keyboard.press('Enter');
      await dialog(page, 'Editar mis datos').waitFor({ state: 'hidden' });
      const link = await undoLinkFor(emailOf(account.cedula), noticeSince);

      const owner = await suite.page({ viewport: DESKTOP });
      await owner.goto(link);
      await owner.getByRole('heading', { name: 'Deshacer el cambio de correo', level: 1 }).waitFor();
      await tabTo(owner, 'Deshacer el cambio', { max: 40 });
      await owner.keyboard.press('Enter');
      // The answer takes the focus the button lost.
      await owner.getByRole('status').filter({ hasText: 'vuelve a usar su correo anterior' }).waitFor();
      await expectFocus(owner, (f) => f.role === 'status' || f.name.startsWith('Cambio deshecho'));
      await tabTo(owner, 'Crear una contraseña nueva', { max: 3 });
      await owner.keyboard.press('Enter');
      await dialog(owner, 'Recuperar la contraseña').waitFor();
    });
  });
});
