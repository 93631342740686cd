/** CONFIRMATION_EMAIL in jsdom: "Reenviar código" waits out the cool-down with a visible countdown. */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import ConfirmationEmailContent from './ConfirmationEmailContent';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ConfirmationEmailContent', () => {
  it('counts down from resend_after_seconds, then lets the citizen ask for another code', () => {
    const data = { token: 't'.repeat(43), resendAfter: 65, form: { cedula: '00104578232', fecha: '14/05/1968', email: 'maria@example.com', password: 'x', confirmation: 'x' } };
    render(
      <MantineProvider env="test">
        <ConfirmationEmailContent data={data} close={() => undefined} open={() => undefined} />
      </MantineProvider>,
    );
    const resend = () => screen.getByRole('button', { name: /^Reenviar código/ });
    expect(resend().textContent).toBe('Reenviar código (1:05)');
    expect(resend().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Podrá pedir otro código en 1:05.')).toBeTruthy();
    expect(screen.getByText('maria@example.com')).toBeTruthy();

    act(() => vi.advanceTimersByTime(6000));
    expect(resend().textContent).toBe('Reenviar código (0:59)');
    expect(screen.getByText('Podrá pedir otro código en 0:59.')).toBeTruthy();

    act(() => vi.advanceTimersByTime(59000));
    expect(resend().textContent).toBe('Reenviar código');
    expect(resend().hasAttribute('disabled')).toBe(false);
    expect(screen.getByText('¿No le llegó? Ya puede pedir otro código.')).toBeTruthy();
  });
});
