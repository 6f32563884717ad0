import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // The tool pages keep their inputs for the visit (useKeptState): each test starts a new visit.
  window.sessionStorage.clear();
});

// jsdom does not implement scrolling; the layout scrolls to the top on every path change.
window.scrollTo = () => {};
