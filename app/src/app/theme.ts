import { createTheme, Notification } from '@mantine/core';

/**
 * The portal's Mantine theme.
 * WCAG 2.2 AA (1.4.3): Mantine's default filled blue (shade 6) carries white text at 3.6:1; shade 8 gives 5:1.
 * autoContrast: filled badges and buttons of the other colours get black text where white would be too faint.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  autoContrast: true,
  defaultRadius: 'sm',
  components: {
    // The toast's icon-only close button, which Mantine leaves unnamed (WCAG 4.1.2; axe's button-name).
    // The form's clearable Select and FileInput name their clear buttons themselves (packages/form-mantine):
    // extending them here would pull the combobox code into the home page's bundle.
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar notificación' } } }),
  },
});
