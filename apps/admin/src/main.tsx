import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App, createQueryClient } from './app/app';
import { BASENAME, routes } from './app/routes';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <App queryClient={createQueryClient()} router={createBrowserRouter(routes, { basename: BASENAME })} />
  </StrictMode>,
);
