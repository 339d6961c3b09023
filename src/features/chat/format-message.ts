import MarkdownIt from 'markdown-it';

/**
 * A chat message's text as HTML (issue 17 §2, docs/product.md §2.17): `**bold**`, `_italic_`,
 * `` `code` ``, fenced code blocks, links and line breaks, nothing else. markdown-it escapes raw
 * HTML (`html: false`), so markup stays text, and its link check refuses `javascript:`,
 * `vbscript:`, `file:` and `data:` links (they stay text). Links open in a new tab without the
 * opener, the referrer or our endorsement.
 */
const markdown = new MarkdownIt('zero', { html: false, breaks: true, linkify: false }).enable([
  'emphasis',
  'backticks',
  'fence',
  'link',
  'newline',
  'escape',
  'entity',
]);

const renderToken = markdown.renderer.renderToken.bind(markdown.renderer);
markdown.renderer.rules.link_open = (tokens, index, options) => {
  const token = tokens[index];
  if (token) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer nofollow');
  }
  return renderToken(tokens, index, options);
};

export function formatMessage(text: string): string {
  return markdown.render(text);
}
