// A stage of the app's start (src/main.tsx): importing it evaluates the router's chunk on its own.
// It names one export the app uses anyway, so the chunk stays as tree-shaken as the app makes it
// (a dynamic import of the library itself would keep every export).
export { BrowserRouter } from 'react-router';
