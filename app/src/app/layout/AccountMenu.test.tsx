/**
 * «Mi cuenta» pressed before the menu's code arrived opens the menu when it does (jsdom, Mantine,
 * the header's real lazy import): pressed on the stand-in while the code loads, and pressed in the
 * same moment as the menu replaces the stand-in (the menu already mounted when the press arrives).
 * The press is the click, not the pointer going down: opened inside the pointerdown, the menu was
 * closed by Mantine's click-outside on the mousedown that follows it (seen on a loaded machine).
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider } from '../AppProvider';
import { resetPageShownForTests } from '../../lib/afterFirstPaint';
import { setSession, type Citizen } from '../../lib/session';
import { AccountMenu } from './AccountMenu';
import { SiteHeader } from './SiteHeader';

const citizen: Citizen = { id: 7, cedula: '00104578232', nombres: 'María Altagracia', apellidos: 'Rosario Méndez', email: 'maria@example.com' };

afterEach(() => {
  act(() => setSession(null));
  resetPageShownForTests();
});

describe('AccountMenu', () => {
  it('opens once when the press reaches it after it mounted', async () => {
    const view = render(<AppProvider env="test"><AccountMenu citizen={citizen} /></AppProvider>);
    expect(screen.queryByRole('menuitem', { name: 'Cerrar sesión' })).toBeNull();
    view.rerender(<AppProvider env="test"><AccountMenu citizen={citizen} openAtStart /></AppProvider>);
    expect(await screen.findByRole('menuitem', { name: 'Cerrar sesión' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Mi cuenta/ }).getAttribute('aria-expanded')).toBe('true');
    // A later render with the same prop does not press it again (which would close it).
    view.rerender(<AppProvider env="test"><AccountMenu citizen={citizen} openAtStart /></AppProvider>);
    expect(screen.getByRole('menuitem', { name: 'Cerrar sesión' })).toBeTruthy();
  });

  it('in the header: pressed before the page is shown, the menu loads and opens', async () => {
    resetPageShownForTests();
    act(() => setSession(citizen));
    render(<AppProvider env="test"><SiteHeader /></AppProvider>);
    await userEvent.click(screen.getByRole('button', { name: /Mi cuenta/ }));
    expect(await screen.findByRole('menuitem', { name: 'Cerrar sesión' }, { timeout: 10_000 })).toBeTruthy();
  });
});
