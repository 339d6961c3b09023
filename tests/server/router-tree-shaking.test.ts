import { fileURLToPath } from 'node:url';
import { rolldown, type Plugin as RolldownPlugin } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { routerTreeShaking } from '../../scripts/lib/router-tree-shaking';

const ENTRY = 'virtual:router-imports';

/**
 * React Router's code a bundle keeps for `imports` (React left out), built as the browser's build
 * builds it, with or without the plugin.
 */
async function bundledRouter(imports: string, withPlugin: boolean): Promise<string> {
  const entry: RolldownPlugin = {
    name: 'entry',
    resolveId: (id) => (id === ENTRY ? id : null),
    load: (id) => (id === ENTRY ? `export { ${imports} } from 'react-router';` : null),
  };
  const plugins: RolldownPlugin[] = [entry];
  if (withPlugin) {
    const { name, transform } = routerTreeShaking();
    plugins.push({ name, transform } as RolldownPlugin);
  }
  const bundle = await rolldown({
    input: ENTRY,
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    external: [/^react($|\/)/, /^react-dom($|\/)/],
    plugins,
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
    logLevel: 'silent',
  });
  try {
    const { output } = await bundle.generate({ format: 'esm', minify: true });
    return output[0].code;
  } finally {
    await bundle.close();
  }
}

describe("React Router's tree-shaking in the browser's build (scripts/lib/router-tree-shaking.ts)", () => {
  it("keeps the data router's <Form> out of what the app imports", async () => {
    // The router parts the app imports (src/): what its router chunk must hold.
    const imports =
      'useRoutes, BrowserRouter, Link, NavLink, useLocation, useNavigate, useParams, Navigate, useSearchParams, Outlet, useNavigationType, matchPath';
    const without = await bundledRouter(imports, false);
    const shaken = await bundledRouter(imports, true);
    // The data router's <Form>: its submission names its encodings, its action URL this check.
    for (const unused of ['encType', 'useFormAction must be used']) {
      expect(without).toContain(unused);
      expect(shaken).not.toContain(unused);
    }
    // What a link needs stays.
    expect(shaken).toContain('popstate');
    expect(shaken.length).toBeLessThan(without.length * 0.92);
  });

  it('keeps a hook imported alone to a few KB', async () => {
    const without = await bundledRouter('useLocation', false);
    const shaken = await bundledRouter('useLocation', true);
    expect(without.length).toBeGreaterThan(25_000);
    expect(shaken.length).toBeLessThan(8_000);
  });
});
