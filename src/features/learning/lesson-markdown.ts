import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import MarkdownIt from 'markdown-it';

// Only the languages the courses teach: the core and these keep the player's chunk small (the
// whole library is ~10 times as large). `html` is xml's alias, `js`/`jsx` javascript's.
const LANGUAGES = { bash, csharp, css, java, javascript, json, php, python, sql, typescript, xml };
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);

/**
 * A lesson's markdown as HTML (docs/product.md §2.26): raw HTML off, as the chat renders messages
 * (markdown-it escapes it, and refuses `javascript:` and `data:` links), bare URLs linked, and code
 * blocks of a known language highlighted (highlight.js escapes what it outputs).
 */
const markdown: MarkdownIt = new MarkdownIt({
  html: false,
  linkify: true,
  highlight: (code, language) => {
    const name = language.trim().toLowerCase();
    if (!name || !hljs.getLanguage(name)) return '';
    return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
  },
});

const renderToken = markdown.renderer.renderToken.bind(markdown.renderer);
markdown.renderer.rules.link_open = (tokens, index, options) => {
  const token = tokens[index];
  const href = token?.attrGet('href') ?? '';
  // Another site opens in a new tab, without the opener or the referrer; a lesson link stays here.
  if (token && /^https?:/i.test(href)) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  }
  return renderToken(tokens, index, options);
};

export function renderLessonMarkdown(text: string): string {
  // A code block that scrolls sideways must take the focus, so a keyboard can scroll it. Only
  // markdown-it writes `<pre>`: the lesson's own markup is escaped.
  return markdown.render(text).replaceAll('<pre>', '<pre tabindex="0">');
}
