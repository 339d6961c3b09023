import MarkdownIt from 'markdown-it';

/**
 * A reading lesson's markdown as HTML, for the builder's Preview: raw HTML off (`html: false`,
 * as the chat renders messages, so markup stays text) and markdown-it's link check, which
 * refuses `javascript:`, `vbscript:`, `file:` and `data:` links. Links open in a new tab.
 */
const markdown = new MarkdownIt('default', { html: false, linkify: false, breaks: false });

const renderToken = markdown.renderer.renderToken.bind(markdown.renderer);
markdown.renderer.rules.link_open = (tokens, index, options) => {
  const token = tokens[index];
  if (token) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer nofollow');
  }
  return renderToken(tokens, index, options);
};

export function renderLessonMarkdown(text: string): string {
  return markdown.render(text);
}
