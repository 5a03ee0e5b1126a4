import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import 'react-toastify/dist/ReactToastify.css';
import { App, preloadPageOf } from './App';
import './index.css';
import { registerServiceWorker } from './offline/app-update';

preloadPageOf(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);

// After the page has loaded, so installing the app's offline copy never competes with its first paint.
if (document.readyState === 'complete') registerServiceWorker();
else window.addEventListener('load', registerServiceWorker, { once: true });
