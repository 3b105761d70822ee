import './portal.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PortalApp, tokenDoEndereco } from './portal-app.tsx';

// The customer portal's entry (portal.html, served at /p/:token): React and this folder only.
const raiz = document.getElementById('portal');
if (!raiz) throw new Error('elemento #portal ausente');
createRoot(raiz).render(
  <StrictMode>
    <PortalApp token={tokenDoEndereco(window.location.pathname)} />
  </StrictMode>,
);
