// Before anything else: a fresh load of the judge's sheet asks for its code now (decision 0201).
import './routing/sheet-code-first.ts';
// Then the compiled checks the modules below run as they load (the stored session).
import './validation/first-load-checks.ts';
import '@mantine/core/styles.css';
import './theme/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
