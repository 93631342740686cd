import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider, Notification, createTheme } from '@mantine/core';
// The subpath, not the package's index: the index would pull the whole form renderer into the first bundle.
import { accessibleColors } from '@portal/form-mantine/colors';
import { Notifications } from '@mantine/notifications';
import { SWRConfig } from 'swr';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import './styles.css';
import { App } from './App';

// WCAG 2.2 AA (1.4.3): Mantine's default filled blue (shade 6) carries white text at 3.6:1; shade 8 gives 5:1.
// autoContrast: filled badges and buttons of the other colours get black text where white would be too faint.
// accessibleColors darkens dimmed, error, link, placeholder and tinted-variant text colours to 4.5:1.
const theme = createTheme({
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

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={accessibleColors}>
        <Notifications position="top-right" className="portal-toasts" />
        {/* Spec: query retries off, no refetch on window focus. */}
        <SWRConfig value={{ shouldRetryOnError: false, revalidateOnFocus: false }}>
          <App />
        </SWRConfig>
      </MantineProvider>
    </StrictMode>,
  );
}
