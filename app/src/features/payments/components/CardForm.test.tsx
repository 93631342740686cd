/** The card form in jsdom: what it shows while typing, what it refuses before sending (the server's rules), and that it clears after a payment. */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { CARD_EXPIRED, CARD_NUMBER_INVALID, CardForm, cardProblems, type CardValues } from './CardForm';

const NOW = new Date(Date.UTC(2026, 10, 24));

describe('cardProblems', () => {
  it('required, Luhn, at least 13 digits, a month not yet ended, 3 or 4 digits of security code', () => {
    expect(cardProblems({ cardNumber: '', expDate: '', cvv: '' }, NOW)).toEqual({ cardNumber: 'Requerido', expDate: 'Requerido', cvv: 'Requerido' });
    expect(cardProblems({ cardNumber: '4242424242424242', expDate: '11/26', cvv: '123' }, NOW)).toEqual({});
    expect(cardProblems({ cardNumber: '4242424242424241', expDate: '10/26', cvv: '12' }, NOW)).toEqual({
      cardNumber: CARD_NUMBER_INVALID,
      expDate: CARD_EXPIRED,
      cvv: 'El código de seguridad tiene 3 o 4 dígitos.',
    });
    // 12 digits that pass Luhn: still too short for the server (13 to 16).
    expect(cardProblems({ cardNumber: '424242424242', expDate: '12/30', cvv: '123' }, NOW).cardNumber).toBe(CARD_NUMBER_INVALID);
  });
});

function renderForm(onPay: (card: CardValues) => Promise<boolean>) {
  return render(
    <MantineProvider env="test">
      <CardForm busy={false} amountLabel="RD$ 7,000.00" onPay={onPay} />
    </MantineProvider>,
  );
}

describe('CardForm', () => {
  it('groups the number, formats the expiry, keeps only digits; sends digits and MM/YY; clears after a payment', { timeout: 30000 }, async () => {
    const onPay = vi.fn(async () => true);
    renderForm(onPay);
    const number = screen.getByLabelText(/^Número de tarjeta/) as HTMLInputElement;
    const expiry = screen.getByLabelText(/^Vencimiento/) as HTMLInputElement;
    const cvv = screen.getByLabelText(/^Código de seguridad/) as HTMLInputElement;
    expect(number.autocomplete).toBe('cc-number');
    expect(number.inputMode).toBe('numeric');
    expect(expiry.autocomplete).toBe('cc-exp');
    expect(cvv.autocomplete).toBe('cc-csc');
    await userEvent.type(number, '4242-4242 4242x42424');
    expect(number.value).toBe('4242 4242 4242 4242');
    await userEvent.type(expiry, '1230');
    expect(expiry.value).toBe('12/30');
    await userEvent.type(cvv, '1a23');
    expect(cvv.value).toBe('123');
    await userEvent.click(screen.getByRole('button', { name: 'Pagar RD$ 7,000.00' }));
    await waitFor(() => expect(onPay).toHaveBeenCalledWith({ cardNumber: '4242424242424242', expDate: '12/30', cvv: '123' }));
    await waitFor(() => expect(number.value).toBe(''));
    expect(expiry.value).toBe('');
    expect(cvv.value).toBe('');
  });

  it('refuses a number failing Luhn before sending, and keeps what was typed when the payment fails', { timeout: 30000 }, async () => {
    const onPay = vi.fn(async () => false);
    renderForm(onPay);
    const number = screen.getByLabelText(/^Número de tarjeta/) as HTMLInputElement;
    await userEvent.type(number, '4242424242424241');
    await userEvent.type(screen.getByLabelText(/^Vencimiento/), '1230');
    await userEvent.type(screen.getByLabelText(/^Código de seguridad/), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pagar RD$ 7,000.00' }));
    await screen.findByText(CARD_NUMBER_INVALID);
    expect(onPay).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(number);
    await userEvent.clear(number);
    await userEvent.type(number, '4000000000000002');
    await userEvent.click(screen.getByRole('button', { name: 'Pagar RD$ 7,000.00' }));
    await waitFor(() => expect(onPay).toHaveBeenCalledTimes(1));
    expect(number.value).toBe('4000 0000 0000 0002');
  });
});
