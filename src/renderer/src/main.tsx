import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { adoptKeyFromLocation, useSession } from './stores/session.js';
import './styles.css';

// Before the first render, so the key leaves the address bar at once.
const apiKey = adoptKeyFromLocation();
if (apiKey) useSession.getState().signIn(apiKey);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
