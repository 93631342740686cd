import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './shellStyles';
import { App } from './app/App';
import { AppProvider } from './app/AppProvider';
import { preloadPage } from './app/AppRoutes';
import { afterFirstPaint } from './lib/afterFirstPaint';
import { loadFullStyles } from './lib/fullStyles';

const root = document.getElementById('root');
if (root) {
  // The page's chunk and data start downloading now, while React renders the shell.
  preloadPage(window.location.pathname, window.location.search);
  // A transition: React renders the first page in slices of a few milliseconds and lets the
  // browser breathe between them, instead of one long task that blocks input on a slow phone.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <App />
        </AppProvider>
      </StrictMode>,
    );
  });
  // The rest of Mantine's styles once the page has loaded, before the citizen opens a form or a modal.
  afterFirstPaint(() => void loadFullStyles().catch(() => undefined));
}
