import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { UnstyledButton } from '@mantine/core';
import type { Citizen } from '../../lib/session';

export interface AccountButtonProps extends Omit<ComponentPropsWithoutRef<'button'>, 'children'> {
  /** The signed-in citizen: their initial on the button, their full name in its tooltip. Required. */
  citizen: Citizen;
}

/**
 * «Mi cuenta» in the header: the profile menu's button (AccountMenu), also drawn on its own, in the
 * first bundle, until the menu's code has arrived after the first paint (SiteHeader), so the header
 * does not move when the menu arrives.
 */
export const AccountButton = forwardRef<HTMLButtonElement, AccountButtonProps>(function AccountButton({ citizen, className, ...props }, ref) {
  const first = citizen.nombres.split(' ')[0] ?? citizen.nombres;
  // The menu's target gives the button a class of its own: the header's is kept beside it (the same box before and after).
  return (
    <UnstyledButton ref={ref} className={className ? `header-button ${className}` : 'header-button'} title={`${citizen.nombres} ${citizen.apellidos}`} aria-haspopup="menu" {...props}>
      <span aria-hidden="true" className="header-avatar">{first.charAt(0)}</span>
      <span className="header-button-text">Mi cuenta</span>
    </UnstyledButton>
  );
});
