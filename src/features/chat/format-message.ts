import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { lessonPath } from '@contract/course-rules';

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
  // A lesson's link (below) opens in this tab.
  if (token && token.attrGet('data-lesson-link') === null) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer nofollow');
  }
  return renderToken(tokens, index, options);
};

/** A lesson's player path in a message's text (`/learn/c-03/c-03-2-1`), whole words only. */
const LESSON_ID = '[a-z0-9][a-z0-9-]{0,63}';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The lesson paths of a text, and this site's full URLs of them. */
function lessonLinkPattern(): RegExp {
  const origin = globalThis.location?.origin;
  const site = origin && origin !== 'null' ? `(?:${escapeRegExp(origin)})?` : '';
  return new RegExp(`(?<![\\w/.-])${site}/learn/(${LESSON_ID})/(${LESSON_ID})(?![\\w/-])`, 'g');
}

/**
 * A link to a lesson opens it in place (issue 31 §4, D61): the text's lesson paths become links
 * to the player, in this tab (the room's "Discuss in the course room" draft names the lesson so).
 * Only that pattern: the rest of the text stays as the rules above make it.
 */
markdown.core.ruler.push('lesson_links', (state) => {
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    const children: Token[] = [];
    let insideLink = 0;
    for (const token of block.children) {
      if (token.type === 'link_open') insideLink++;
      if (token.type === 'link_close') insideLink--;
      if (token.type !== 'text' || insideLink > 0) {
        children.push(token);
        continue;
      }
      const pattern = lessonLinkPattern();
      let last = 0;
      for (const match of token.content.matchAll(pattern)) {
        const [whole, courseId = '', lessonId = ''] = match;
        const at = match.index;
        if (at > last) children.push(textToken(state, token.content.slice(last, at)));
        const open = new state.Token('link_open', 'a', 1);
        open.attrs = [
          ['href', lessonPath(courseId, lessonId)],
          ['data-lesson-link', ''],
        ];
        children.push(open, textToken(state, whole), new state.Token('link_close', 'a', -1));
        last = at + whole.length;
      }
      if (last === 0) children.push(token);
      else if (last < token.content.length) {
        children.push(textToken(state, token.content.slice(last)));
      }
    }
    block.children = children;
  }
});

function textToken(state: { Token: typeof Token }, content: string): Token {
  const token = new state.Token('text', '', 0);
  token.content = content;
  return token;
}

export function formatMessage(text: string): string {
  return markdown.render(text);
}
