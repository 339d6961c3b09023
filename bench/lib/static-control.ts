/**
 * A page's static control (issue 32 §2): its HTML as the server sends it, without any script (nor
 * the module preloads that only scripts use). What the app adds to a page's start is the page
 * measured minus its control.
 */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
}
