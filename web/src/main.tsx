import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { initialView, Root } from './app/root';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

const root = (
  <StrictMode>
    <Root />
  </StrictMode>
);
// The built index.html holds the landing page prerendered (scripts/prerender.mjs): it is hydrated
// where the landing page shows, and replaced where the app shows instead (or under `vite` dev,
// whose index.html is empty).
if (initialView().kind === 'landing' && container.firstElementChild) {
  hydrateRoot(container, root);
} else {
  container.replaceChildren();
  // start-view.js hid #root's content for the prerendered page; what renders now must show.
  delete document.documentElement.dataset.startView;
  createRoot(container).render(root);
}
