import '@fontsource-variable/inter/wght.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, preloadPage } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const root = createRoot(container);
const render = () =>
  root.render(
    <StrictMode>
      <AppRouter />
    </StrictMode>,
  );
// A portal page or the dashboard renders once its code (preloaded by the HTML) has run, with
// no spinner in between; a failed load renders anyway and the page's error boundary reports it.
const preloading = preloadPage(window.location.pathname);
if (preloading) preloading.then(render, render);
else render();
