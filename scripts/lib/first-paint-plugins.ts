import type { Plugin } from 'vite';

/**
 * Puts the entry stylesheet into index.html as a <style> element at build time. The app shell in
 * index.html then paints with its final styles as soon as the HTML arrives, without waiting for a
 * render-blocking stylesheet request (one round trip less before the first paint on a phone).
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'learntogether:inline-entry-css',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet"[^>]*?href="\/([^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const asset = bundle[file];
            if (!asset || asset.type !== 'asset') return tag;
            // A stylesheet cannot end the element early.
            const css = String(asset.source).replaceAll('</style', '<\\/style');
            return `<style>${css}</style>`;
          },
        );
      },
    },
  };
}
