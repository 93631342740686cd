import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { SWRConfig } from 'swr';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import './styles.css';
import { App } from './App';

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'sm' });

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme}>
        <Notifications position="top-right" />
        {/* Spec: query retries off, no refetch on window focus. */}
        <SWRConfig value={{ shouldRetryOnError: false, revalidateOnFocus: false }}>
          <App />
        </SWRConfig>
      </MantineProvider>
    </StrictMode>,
  );
}
