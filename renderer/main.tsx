import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter } from 'react-router';
import { App } from './app/app';
import { restoreLastLocation } from './app/last-location';
import { routes } from './app/routes';
import { createQueryClient } from './lib/query-client';
import { readAheadOnNavigation } from './lib/read-ahead';
import './styles/theme.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/forms.css';
import './styles/screens.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Hash history: the app is served from app:// (or a file) where only the hash can change without a reload.
restoreLastLocation();
const router = createHashRouter(routes);
const queryClient = createQueryClient();
readAheadOnNavigation(router, queryClient);

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>,
);
