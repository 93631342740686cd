/**
 * «Desbloqueo facial o con huella» (issue 25 §3) in Chromium against the real server and the
 * production build, with Chromium's virtual authenticator (CDP WebAuthn domain: a platform
 * authenticator with user verification, as a phone's face or fingerprint unlock) — nothing of the
 * portal is mocked. After the first sign-in, FIRST_LOGIN → CHOOSE_AUTH_METHOD → FACIAL_AUTH enrols
 * a passkey named after the device; the citizen signs out and back in with «Ingresar con rostro o
 * huella»; «Mi perfil» lists the passkey and removes it with the password; a removed passkey no
 * longer signs in. At 390 px the same is done with the keyboard only. axe at 1280 and 390 px on
 * every new screen; screenshots in tests/.artifacts/passkeys.
 *
 * WebAuthn needs a secure context and an RP ID that is a domain: the portal is opened at
 * http://localhost:<port> (potentially trustworthy), with PUBLIC_URL set to that address.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { SANDBOX_JCE_CITIZENS } from '../../packages/server/src/agencies/sandbox/sandboxData';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { expectFocus, tabTo, type } from '../support/keyboard';
import { registerCitizen, snapshotOnFailure, type Account } from '../support/portal';
import { portalSuite } from '../support/portalSuite';
import { REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/passkeys');
const suite = portalSuite({ onLocalhost: true });

/** sessionStorage flag: this tab behaves as a browser without passkey autofill (see newPage). */
const SIN_AUTOFILL = 'prueba-sin-autocompletar';

/** Turns the autofill offer off (a browser without it) or back on, for the next pages of the tab. */
async function autofillOffer(page: Page, on: boolean): Promise<void> {
  await page.evaluate(([flag, off]) => (off ? sessionStorage.setItem(flag, '1') : sessionStorage.removeItem(flag)), [SIN_AUTOFILL, on ? '' : '1'] as const);
}

async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await suite.page({ viewport });
  // A browser without the autofill offer (many have none), while the tab's SIN_AUTOFILL flag is set:
  // the button's own request is then the only one the virtual authenticator can answer.
  await page.addInitScript((flag) => {
    if (sessionStorage.getItem(flag) !== '1' || !('PublicKeyCredential' in window)) return;
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: () => Promise.resolve(false), configurable: true });
  }, SIN_AUTOFILL);
  return page;
}

/** Chromium's virtual authenticator on the page: a platform authenticator whose user verification (face, fingerprint) succeeds. */
interface VirtualAuthenticator {
  credentials(): Promise<{ credentialId: string; userHandle?: string }[]>;
  /**
   * Whether the authenticator answers at once (the citizen is there and verified) or leaves
   * requests waiting. Chromium picks a passkey by itself for the login form's conditional request
   * (the autofill offer) when it answers at once, which would sign the citizen in as soon as a
   * login form shows: tests turn it off around a sign-out, and on to sign in.
   */
  answering(enabled: boolean): Promise<void>;
}

async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    answering: async (enabled) => {
      await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled });
    },
  };
}

/** A screenshot: the whole page, or only the window while a dialog is open (it is placed in the window). */
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  const fullPage = (await page.getByRole('dialog').count()) === 0;
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

/** Focus on the control named `name` inside the dialog named `dialogName`. */
const inDialog = (dialogName: string, name: string) => (f: { dialog: string; name: string }) => f.dialog === dialogName && f.name === name;

const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name });

/** Registers and confirms an account through the API, without signing in: its first sign-in (and the welcome) is the browser's. */
async function confirmedAccount(cedula: string): Promise<Account & { email: string }> {
  const password = 'Prueba-E2E-2026';
  const email = `ciudadano.${cedula}@example.com`;
  const person = SANDBOX_JCE_CITIZENS.find((p) => p.cedula === cedula)!;
  const since = suite.portal.mail.received.length;
  const post = (url: string, body: object) =>
    fetch(`${suite.portal.baseUrl}/v1/portals/auth/citizens/${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const res = await post('register', { cedula, fecha_nacimiento: person.fechaNacimiento, email, password, password_confirmation: password });
  expect(res.status).toBe(202);
  const { registration_token: token } = (await res.json()) as { registration_token: string };
  const confirmed = await post('confirm', { registration_token: token, code: await suite.portal.mail.codeFor(email, { since }) });
  expect(confirmed.status).toBe(201);
  return { cedula, password, email };
}

async function signOut(page: Page, width: number): Promise<void> {
  if (width >= 1000) {
    await page.getByRole('button', { name: 'Mi cuenta' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  } else {
    await page.getByRole('button', { name: 'Menú' }).click();
    await page.getByRole('dialog', { name: 'Menú' }).getByRole('button', { name: 'Cerrar sesión' }).click();
  }
  await page.getByRole('link', { name: 'Ingresar', exact: true }).waitFor();
}

/** The signed-in citizen, as the portal answers /me for the page's cookie. */
async function me(page: Page): Promise<{ status: number; cedula?: string }> {
  const res = await page.request.get(`${suite.baseUrl}/v1/portals/auth/citizens/me`);
  return { status: res.status(), cedula: res.ok() ? ((await res.json()) as { data: { cedula: string } }).data.cedula : undefined };
}

describe('passkeys («Desbloqueo facial o con huella»)', () => {
  it('enrols after the first sign-in (FIRST_LOGIN → CHOOSE_AUTH_METHOD → FACIAL_AUTH), signs out and back in with it, lists and removes it in «Mi perfil»; axe and screenshots at 1280 px', { timeout: 180_000 }, async () => {
    const account = await confirmedAccount('22300486150');
    const page = await newPage(DESKTOP);
    const authenticator = await addVirtualAuthenticator(page);
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}/ingresar`);
      // The cédula field also offers passkeys among its suggestions where the browser has conditional UI.
      expect(await page.getByLabel('Cédula').getAttribute('autocomplete')).toBe('username webauthn');
      await expect(page.getByRole('button', { name: 'Ingresar con rostro o huella' }).isVisible()).resolves.toBe(true);
      await shot(page, '01-ingresar-1280');
      await expectNoAxeViolations(page, 'ingresar con el botón de rostro o huella (1280)');
      await page.getByLabel('Cédula').fill(account.cedula);
      await page.getByLabel('Contraseña').fill(account.password);
      await page.getByRole('button', { name: 'Ingresar', exact: true }).click();

      // The welcome of the first sign-in offers how to sign in next time.
      const welcome = dialog(page, 'Bienvenido al portal');
      await welcome.getByRole('button', { name: 'Elegir cómo ingresar' }).click();
      const choose = dialog(page, 'Elija cómo ingresar');
      await choose.getByRole('button', { name: 'Agregar desbloqueo facial o con huella' }).waitFor();
      await choose.getByRole('button', { name: 'Seguir solo con la contraseña' }).waitFor();
      await shot(page, '02-elegir-metodo-1280');
      await expectNoAxeViolations(page, 'CHOOSE_AUTH_METHOD con sesión (1280)');
      await choose.getByRole('button', { name: 'Agregar desbloqueo facial o con huella' }).click();

      const facial = dialog(page, 'Desbloqueo facial o con huella');
      await facial.getByLabel('Nombre de este dispositivo').waitFor();
      await expectNoAxeViolations(page, 'FACIAL_AUTH (1280)');
      // Without the password nothing is asked of the device.
      await facial.getByRole('button', { name: 'Continuar con mi rostro o huella' }).click();
      await facial.getByText('Escriba su contraseña actual para confirmar el cambio').waitFor();
      expect(await authenticator.credentials()).toHaveLength(0);
      // A wrong password: refused by the server, before the device creates anything.
      await facial.getByLabel('Nombre de este dispositivo').fill('Portátil de Pedro');
      await facial.getByLabel('Contraseña actual').fill('No-es-la-clave-2026');
      await facial.getByRole('button', { name: 'Continuar con mi rostro o huella' }).click();
      await facial.getByText('La contraseña actual no es correcta').waitFor();
      expect(await authenticator.credentials()).toHaveLength(0);
      await shot(page, '03-facial-auth-contrasena-incorrecta-1280');
      await facial.getByLabel('Contraseña actual').fill(account.password);
      await facial.getByRole('button', { name: 'Continuar con mi rostro o huella' }).click();
      await facial.getByText('Ya puede ingresar con el desbloqueo facial o con huella de «Portátil de Pedro»', { exact: false }).waitFor();
      await shot(page, '04-facial-auth-listo-1280');
      await expectNoAxeViolations(page, 'FACIAL_AUTH terminado (1280)');
      const [credential] = await authenticator.credentials();
      expect(credential).toBeDefined();
      await facial.getByRole('button', { name: 'Terminar' }).click();
      await dialog(page, 'Desbloqueo facial o con huella').waitFor({ state: 'detached' });
      // The account's address was told.
      const told = await suite.portal.mail.waitFor(account.email);
      expect(told.raw).toContain('Portátil de Pedro');

      // Sign out, then in with the passkey alone: «Ingresar con rostro o huella».
      await authenticator.answering(false);
      await signOut(page, DESKTOP.width);
      expect((await me(page)).status).toBe(401);
      // The button's request alone (no autofill request pending that the authenticator could answer first).
      await autofillOffer(page, false);
      await page.goto(`${suite.baseUrl}/ingresar?volver=${encodeURIComponent('/perfil')}`);
      await page.getByRole('button', { name: 'Ingresar con rostro o huella' }).waitFor();
      await authenticator.answering(true);
      await page.getByRole('button', { name: 'Ingresar con rostro o huella' }).click();
      await page.waitForURL((url) => url.pathname === '/perfil');
      expect(await me(page)).toEqual({ status: 200, cedula: account.cedula });

      // Out again; this time the login form's autofill offer (conditional UI) signs in: nothing is typed or pressed.
      await authenticator.answering(false);
      await signOut(page, DESKTOP.width);
      expect((await me(page)).status).toBe(401);
      await autofillOffer(page, true);
      await authenticator.answering(true);
      await page.goto(`${suite.baseUrl}/ingresar?volver=${encodeURIComponent('/perfil')}`);
      await page.waitForURL((url) => url.pathname === '/perfil');
      expect(await me(page)).toEqual({ status: 200, cedula: account.cedula });

      // «Mi perfil» lists it (device, added, last used) and removes it with the password.
      const methods = page.getByRole('region', { name: 'Métodos de ingreso' });
      const item = methods.getByRole('listitem').filter({ hasText: 'Portátil de Pedro' });
      await item.waitFor();
      expect(await item.textContent()).toContain('Último ingreso:');
      await shot(page, '05-perfil-metodos-1280');
      await expectNoAxeViolations(page, 'Mi perfil con métodos de ingreso (1280)');
      await methods.getByRole('button', { name: 'Eliminar Portátil de Pedro' }).click();
      await methods.getByLabel('Contraseña actual').fill(account.password);
      await shot(page, '06-perfil-eliminar-1280');
      await expectNoAxeViolations(page, 'confirmación para eliminar (1280)');
      await methods.getByRole('button', { name: 'Sí, eliminar' }).click();
      await methods.getByText('Aún no ha agregado el desbloqueo facial o con huella.').waitFor();
      await page.getByText('Llave de acceso eliminada').first().waitFor();

      // The device still holds the passkey, but the portal no longer accepts it.
      await authenticator.answering(false);
      await signOut(page, DESKTOP.width);
      await page.goto(`${suite.baseUrl}/ingresar`);
      await page.getByRole('button', { name: 'Ingresar con rostro o huella' }).waitFor();
      await authenticator.answering(true);
      await page.getByRole('button', { name: 'Ingresar con rostro o huella' }).click();
      await page.getByText('No se pudo verificar el desbloqueo facial o con huella', { exact: false }).waitFor();
      expect((await me(page)).status).toBe(401);
      await shot(page, '07-llave-eliminada-rechazada-1280');
    });
    await page.context().close();
  });

  it('at 390 px with the keyboard only: adds one from «Mi perfil», signs in with it, removes it; axe on each screen', { timeout: 180_000 }, async () => {
    const account = await registerCitizen(suite.portal.baseUrl, '04701935282');
    const page = await newPage(PHONE);
    const authenticator = await addVirtualAuthenticator(page);
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}/ingresar?volver=${encodeURIComponent('/perfil')}`);
      await expectNoAxeViolations(page, 'ingresar (390)');
      await page.getByLabel('Cédula').focus();
      await type(page, account.cedula);
      await page.keyboard.press('Tab');
      await type(page, account.password);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/perfil');
      const methods = page.getByRole('region', { name: 'Métodos de ingreso' });
      await methods.getByText('Aún no ha agregado el desbloqueo facial o con huella.').waitFor();
      await expectNoAxeViolations(page, 'Mi perfil, métodos de ingreso (390)');

      // Keyboard: to «Agregar desbloqueo facial o con huella» in the section, Enter.
      await methods.getByRole('button', { name: 'Agregar desbloqueo facial o con huella' }).focus();
      await page.keyboard.press('Enter');
      const choose = dialog(page, 'Elija cómo ingresar');
      await expectFocus(page, inDialog('Elija cómo ingresar', 'Agregar desbloqueo facial o con huella'));
      await shot(page, '08-elegir-metodo-390');
      await expectNoAxeViolations(page, 'CHOOSE_AUTH_METHOD (390)');
      await page.keyboard.press('Enter');
      await choose.waitFor({ state: 'detached' });
      const facial = dialog(page, 'Desbloqueo facial o con huella');
      await expectFocus(page, inDialog('Desbloqueo facial o con huella', 'Nombre de este dispositivo'));
      await page.keyboard.press('ControlOrMeta+a');
      await type(page, 'Teléfono de Rosa');
      await tabTo(page, 'Contraseña actual');
      await type(page, account.password);
      await shot(page, '09-facial-auth-390');
      await expectNoAxeViolations(page, 'FACIAL_AUTH (390)');
      await page.keyboard.press('Enter');
      await facial.getByText('Ya puede ingresar', { exact: false }).waitFor();
      await expectFocus(page, inDialog('Desbloqueo facial o con huella', 'Terminar'));
      await expectNoAxeViolations(page, 'FACIAL_AUTH terminado (390)');
      await page.keyboard.press('Enter');
      await facial.waitFor({ state: 'detached' });
      await methods.getByRole('listitem').filter({ hasText: 'Teléfono de Rosa' }).waitFor();

      // Out, and back in with «Ingresar con rostro o huella» from the keyboard.
      await authenticator.answering(false);
      await signOut(page, PHONE.width);
      await autofillOffer(page, false);
      await page.goto(`${suite.baseUrl}/ingresar?volver=${encodeURIComponent('/perfil')}`);
      await page.getByRole('button', { name: 'Ingresar con rostro o huella' }).waitFor();
      await authenticator.answering(true);
      await page.getByLabel('Cédula').focus();
      await tabTo(page, 'Ingresar con rostro o huella', { max: 8 });
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/perfil');
      expect(await me(page)).toEqual({ status: 200, cedula: account.cedula });

      // Remove it: «Eliminar …», the password (focused), Enter.
      await methods.getByRole('button', { name: 'Eliminar Teléfono de Rosa' }).focus();
      await page.keyboard.press('Enter');
      await expectFocus(page, 'Contraseña actual');
      await type(page, account.password);
      await shot(page, '10-perfil-eliminar-390');
      await expectNoAxeViolations(page, 'eliminar (390)');
      await page.keyboard.press('Enter');
      await methods.getByText('Aún no ha agregado el desbloqueo facial o con huella.').waitFor();
    });
    await page.context().close();
  });
});
