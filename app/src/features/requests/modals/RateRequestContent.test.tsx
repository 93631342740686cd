/** RATE_REQUEST_MODAL's content in jsdom: the stars are radios with Spanish names; sending without a choice says so and sends nothing. */
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import RateRequestContent, { starLabel } from './RateRequestContent';

describe('RATE_REQUEST_MODAL', () => {
  it('names each star in Spanish and asks for a choice before sending', async () => {
    const close = vi.fn();
    render(
      <MantineProvider env="test">
        <RateRequestContent data={{ requestId: 1, code: 'SOL-2026-000001' }} close={close} open={() => undefined} />
      </MantineProvider>,
    );
    expect(screen.getByText('¿Cómo fue su experiencia con la solicitud SOL-2026-000001?')).toBeTruthy();
    for (let i = 1; i <= 5; i += 1) expect(screen.getByRole('radio', { name: starLabel(i) })).toBeTruthy();
    expect(starLabel(1)).toBe('1 de 5 estrellas: Muy mala');
    // Mantine's Rating also names its empty choice: never «0 de 5 estrellas: undefined».
    expect(starLabel(0)).toBe('Sin calificación');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar calificación' }));
    expect(screen.getByRole('alert').textContent).toBe('Elija de 1 a 5 estrellas');
    expect(close).not.toHaveBeenCalled();
  });
});
