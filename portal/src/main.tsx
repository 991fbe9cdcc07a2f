import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { PortalApp } from './App';
import { createPortalApi } from './lib/api';

const api = createPortalApi();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <PortalApp api={api} />
    </BrowserRouter>
  </StrictMode>,
);
