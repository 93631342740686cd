/**
 * A passkey as the staff's second factor (issue 25 §2) in Chromium against the real server and the
 * production build, with Chromium's virtual authenticator (CDP WebAuthn domain: a platform
 * authenticator with user verification, as a computer's face or fingerprint unlock): nothing of the
 * portal is mocked. A new member chooses «Llave de acceso (rostro, huella o llave de seguridad)» at
 * the first sign-in, keeps the recovery codes, signs out and in with password + «Usar mi llave de
 * acceso»; a failed verification on the device is said in Spanish; a recovery code still works. At
 * 390 px the same by keyboard only. The administrator's reset removes the passkey: the member
 * enrols again. axe at 1280 and 390 px on each new screen; screenshots in tests/.artifacts/staff-2fa.
 *
 * WebAuthn needs a secure context and an RP ID that is a domain: like tests/e2e/passkeys.test.ts,
 * the portal is opened at http://localhost:<port>, with PUBLIC_URL set to that address.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createStaffAccount } from '../../packages/server/src/cli/createStaff';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { expectFocus, tabTo, type } from '../support/keyboard';
import { snapshotOnFailure, staffSignInTo } from '../support/portal';
import { portalSuite } from '../support/portalSuite';
import { REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/staff-2fa');
const ADMIN = { email: 'admin@sandbox.gob.do', password: 'Admin-Portal-2026' };
const LOGIN = '/institucion/ingresar';
const QUEUE = '/institucion/solicitudes';
const PASSKEY_CHOICE = 'Llave de acceso (rostro, huella o llave de seguridad)';
const suite = portalSuite({ onLocalhost: true });

async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await suite.page({ viewport, acceptDownloads: true });
  return page;
}

/** Chromium's virtual authenticator on the page: a platform authenticator whose user verification succeeds unless told otherwise. */
interface VirtualAuthenticator {
  credentials(): Promise<{ credentialId: string; isResidentCredential: boolean }[]>;
  /** Whether the face or fingerprint check on the device succeeds. */
  verifies(ok: boolean): Promise<void>;
}

async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    verifies: async (ok) => {
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: ok });
    },
  };
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  const fullPage = (await page.getByRole('dialog').count()) === 0;
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

let created = 0;
/** A PGR officer created as `npm run staff:create` does: no second factor yet. */
async function newMember(name: string): Promise<{ email: string; password: string; name: string }> {
  created += 1;
  const account = { email: `llave${created}.${name.split(' ')[0].normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase()}@pgr.gob.do`, password: 'Mangos-De-Bani-En-Julio-9', name };
  const row = await createStaffAccount(suite.portal.app.db, suite.portal.app.passwords, { email: account.email, name, role: 'oficial', institution: 'PGR' }, account.password);
  expect(row).toMatchObject({ email: account.email });
  return account;
}

async function typePassword(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(account.email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await page.waitForURL((url) => url.pathname === LOGIN);
  await page.getByRole('heading', { name: 'Ingreso del personal', level: 1 }).waitFor();
};

/** The staff session of the page's cookies: 200 signed in, 401 not. */
const meStatus = async (page: Page) => (await page.request.get(`${suite.baseUrl}/v1/backoffice/auth/me`)).status();

/** Through «Guardé mis códigos» and «Continuar» into the back office; returns the codes shown. */
async function keepCodes(page: Page): Promise<string[]> {
  const items = page.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem');
  await expect.poll(() => items.count()).toBe(10);
  return (await items.allInnerTexts()).map((c) => c.trim());
}

describe('staff passkey as the second factor', () => {
  it('enrols a passkey at the first sign-in, signs out and in with password + passkey; a failed verification is said; a recovery code still works; axe and screenshots at 1280 px', { timeout: 180_000 }, async () => {
    const member = await newMember('Marisol Peña');
    const page = await newPage(DESKTOP);
    const authenticator = await addVirtualAuthenticator(page);
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}${QUEUE}`);
      await page.waitForURL((url) => url.pathname === LOGIN);
      await typePassword(page, member);

      // The choice: passkey or authenticator app; nothing chosen yet.
      await page.getByRole('heading', { name: 'Configure su segundo factor', level: 1 }).waitFor();
      expect(await meStatus(page)).toBe(401);
      await page.getByRole('radiogroup', { name: '¿Cómo confirmará que es usted?' }).waitFor();
      expect(await page.getByRole('radio', { name: PASSKEY_CHOICE }).isChecked()).toBe(false);
      expect(await page.getByRole('radio', { name: 'Aplicación de autenticación' }).isChecked()).toBe(false);
      await expectNoAxeViolations(page, 'elegir factor 1280');
      await shot(page, 'llave-elegir-1280');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByRole('alert').getByText('Elija cómo confirmará que es usted.').waitFor();
      await expectNoAxeViolations(page, 'elegir factor sin elegir 1280');

      // The passkey: the device creates it (face or fingerprint), the recovery codes follow, once.
      await page.getByRole('radio', { name: PASSKEY_CHOICE }).check();
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByRole('heading', { name: 'Sus códigos de recuperación', level: 1 }).waitFor();
      await page.getByText('Si pierde el dispositivo o la llave de seguridad con su llave de acceso', { exact: false }).waitFor();
      const codes = await keepCodes(page);
      const held = await authenticator.credentials();
      expect(held).toHaveLength(1);
      // Not a discoverable credential: it stays out of the citizens' passkey suggestions.
      expect(held[0].isResidentCredential).toBe(false);
      expect(await page.getByRole('button', { name: 'Continuar' }).isDisabled()).toBe(true);
      await expectNoAxeViolations(page, 'códigos tras la llave 1280');
      await shot(page, 'llave-codigos-1280');
      await page.getByRole('checkbox', { name: 'Guardé mis códigos' }).check();
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.waitForURL((url) => url.pathname === QUEUE);
      await page.getByRole('heading', { name: 'Solicitudes', level: 1 }).waitFor();
      expect(await meStatus(page)).toBe(200);
      await signOut(page);

      // Password, then «Usar mi llave de acceso».
      await typePassword(page, member);
      await page.getByRole('heading', { name: 'Confirme que es usted', level: 1 }).waitFor();
      expect(await meStatus(page)).toBe(401);
      // No authenticator app on this account: no app code offered; recovery codes are.
      expect(await page.getByRole('button', { name: 'Usar el código de la aplicación' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Usar un código de recuperación' }).waitFor();
      await expectNoAxeViolations(page, 'código con llave 1280');
      await shot(page, 'llave-ingreso-1280');
      await page.getByRole('button', { name: 'Usar mi llave de acceso' }).click();
      await page.waitForURL((url) => url.pathname === QUEUE);
      expect(await meStatus(page)).toBe(200);
      await signOut(page);

      // The device's check fails (the face or fingerprint was not recognised): said in Spanish, no session; then it works.
      await typePassword(page, member);
      await authenticator.verifies(false);
      await page.getByRole('button', { name: 'Usar mi llave de acceso' }).click();
      await page.getByRole('alert').getByText(/^(Se canceló o venció la verificación en su dispositivo|No se pudo verificar su llave de acceso)/).waitFor();
      expect(await meStatus(page)).toBe(401);
      await expectNoAxeViolations(page, 'llave rechazada 1280');
      await shot(page, 'llave-fallida-1280');
      await authenticator.verifies(true);
      await page.getByRole('button', { name: 'Usar mi llave de acceso' }).click();
      await page.waitForURL((url) => url.pathname === QUEUE);
      await signOut(page);

      // A recovery code instead of the passkey: once.
      await typePassword(page, member);
      await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
      await page.getByRole('textbox', { name: 'Código de recuperación' }).fill(codes[0]);
      await page.getByRole('button', { name: 'Usar mi llave de acceso' }).waitFor();
      await expectNoAxeViolations(page, 'recuperación con llave 1280');
      await shot(page, 'llave-recuperacion-1280');
      await page.getByRole('button', { name: 'Verificar' }).click();
      await page.waitForURL((url) => url.pathname === QUEUE);
      expect(await meStatus(page)).toBe(200);
    });
    await page.context().close();
  });

  it('at 390 px with the keyboard only: chooses the passkey, keeps the codes, signs out and in with it; axe on each screen', { timeout: 180_000 }, async () => {
    const member = await newMember('Ramón Tejada');
    const page = await newPage(PHONE);
    await addVirtualAuthenticator(page);
    await snapshotOnFailure(page, async () => {
      const signInByKeyboard = async () => {
        await page.goto(`${suite.baseUrl}${LOGIN}`);
        await page.getByRole('heading', { name: 'Ingreso del personal', level: 1 }).waitFor();
        await tabTo(page, 'Correo electrónico', { max: 10 });
        await type(page, member.email);
        await tabTo(page, 'Contraseña');
        await type(page, member.password);
        await page.keyboard.press('Enter');
      };
      await signInByKeyboard();
      await expectFocus(page, 'Configure su segundo factor');
      await expectNoAxeViolations(page, 'elegir factor 390');
      await shot(page, 'llave-elegir-390');
      // Tab into the group (the first radio, the passkey), Space to choose it, Tab to «Continuar», Enter.
      await tabTo(page, PASSKEY_CHOICE, { max: 3 });
      await page.keyboard.press('Space');
      await expectFocus(page, (f) => f.name === PASSKEY_CHOICE && f.checked === true);
      await tabTo(page, 'Continuar', { max: 3 });
      await page.keyboard.press('Enter');
      await expectFocus(page, 'Sus códigos de recuperación', 15000);
      await expectNoAxeViolations(page, 'códigos tras la llave 390');
      await shot(page, 'llave-codigos-390');
      await tabTo(page, 'Guardé mis códigos', { max: 5 });
      await page.keyboard.press('Space');
      await tabTo(page, 'Continuar', { max: 2 });
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === QUEUE);
      expect((await page.request.post(`${suite.baseUrl}/v1/backoffice/auth/logout`)).status()).toBe(200);

      await signInByKeyboard();
      await expectFocus(page, 'Confirme que es usted');
      await expectNoAxeViolations(page, 'código con llave 390');
      await shot(page, 'llave-ingreso-390');
      await tabTo(page, 'Usar mi llave de acceso', { max: 3 });
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === QUEUE);
      expect(await meStatus(page)).toBe(200);
    });
    await page.context().close();
  });

  it('the administrator sees the passkey in «Personal»; the reset removes it: the device still holds it, but the member enrols again', { timeout: 180_000 }, async () => {
    const member = await newMember('Yokasta Almonte');
    const memberPage = await newPage(DESKTOP);
    const authenticator = await addVirtualAuthenticator(memberPage);
    await snapshotOnFailure(memberPage, async () => {
      await memberPage.goto(`${suite.baseUrl}${LOGIN}`);
      await typePassword(memberPage, member);
      await memberPage.getByRole('radio', { name: PASSKEY_CHOICE }).check();
      await memberPage.getByRole('button', { name: 'Continuar' }).click();
      await keepCodes(memberPage);
      await memberPage.getByRole('checkbox', { name: 'Guardé mis códigos' }).check();
      await memberPage.getByRole('button', { name: 'Continuar' }).click();
      await memberPage.waitForURL((url) => url.pathname === QUEUE);
    });

    const page = await newPage(DESKTOP);
    await snapshotOnFailure(page, async () => {
      await staffSignInTo(page, suite.baseUrl, ADMIN, '/institucion/personal');
      const row = page.getByRole('row').filter({ hasText: member.email });
      await row.getByText('Configurado').waitFor();
      await row.getByText('llave de acceso').waitFor();
      await expectNoAxeViolations(page, 'personal con llave 1280');
      await shot(page, 'llave-personal-1280');
      await row.getByRole('button', { name: `Restablecer segundo factor de ${member.name}` }).click();
      const dialog = page.getByRole('dialog', { name: '¿Restablecer el segundo factor?' });
      await dialog.getByText('no podrá usar su llave de acceso', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Restablecer' }).click();
      await row.getByText('Lo configura en su próximo ingreso').waitFor();
    });

    await snapshotOnFailure(memberPage, async () => {
      // The session ended; the device still has the credential, but the next sign-in enrols again.
      await memberPage.reload();
      await memberPage.waitForURL((url) => url.pathname === LOGIN);
      expect(await authenticator.credentials()).toHaveLength(1);
      await typePassword(memberPage, member);
      await memberPage.getByRole('heading', { name: 'Configure su segundo factor', level: 1 }).waitFor();
      const { rows } = await suite.portal.app.db.query('SELECT 1 FROM staff_passkeys p JOIN staff s ON s.id = p.staff_id WHERE s.email = $1', [member.email]);
      expect(rows).toEqual([]);
    });
    await memberPage.context().close();
    await page.context().close();
  });
});
