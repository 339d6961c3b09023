import type { Plugin } from 'vite';
import { browserBuildOnly } from './build-checks';

/** React Router's one module file (`dist/development/chunk-*.mjs`, the build every import resolves to). */
const REACT_ROUTER_FILE =
  /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][^\\/]+[\\/]chunk-[\w-]+\.mjs$/;

/** A statement of its own that names a component for React's developer tools, e.g. `Link.displayName = "Link";`. */
const DISPLAY_NAME_STATEMENT = /^[ \t]*[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";?[ \t]*$/gm;

/**
 * A call of one of React's factories that make a value and touch nothing else, e.g. `var Form =
 * React2.forwardRef(`: React Router makes its contexts and components at its module's top level
 * without a pure annotation, so a bundler keeps every such value, and all it refers to, whether
 * the app uses it or not. (The namespace is `React`, `React2`, … per source file of the library.)
 */
const UNANNOTATED_REACT_FACTORY =
  /(?<!__PURE__ \*\/ )\b(React\d*)\.(createContext|forwardRef|memo)\(/g;

/**
 * Lets the browser's build drop the parts of React Router the app never uses (docs/decisions.md
 * D106). React Router ships as one module whose top level names 16 components with
 * `X.displayName = "…"`: a property write is a side effect to a bundler, so each named component
 * (the data router's `<Form>`, `<ScrollRestoration>`, the framework's `<Scripts>`…) stayed in the
 * router's chunk with everything it calls, and importing `useLocation` alone kept 33 KB. Those
 * names only label components in React's developer tools, which a production build does not
 * serve; with them gone and React's factories annotated as pure, what the app imports is what is
 * kept.
 */
export function routerTreeShaking(): Plugin {
  return {
    name: 'learntogether:router-tree-shaking',
    // The browser's build only: the prerender's Node build and the dev server keep the library whole.
    apply: browserBuildOnly,
    transform: {
      filter: { id: REACT_ROUTER_FILE },
      handler(code) {
        const shakeable = code
          .replace(DISPLAY_NAME_STATEMENT, '')
          .replace(UNANNOTATED_REACT_FACTORY, '/* @__PURE__ */ $1.$2(');
        return { code: shakeable, map: null };
      },
    },
  };
}
