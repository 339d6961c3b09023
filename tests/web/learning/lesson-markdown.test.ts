import { describe, expect, it } from 'vitest';
import { renderLessonMarkdown } from '@/features/learning/lesson-markdown';

describe('a lesson’s markdown', () => {
  it('keeps raw HTML as text and refuses script links', () => {
    const html = renderLessonMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1))',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('href="javascript:');
  });

  it('highlights a known language, leaves an unknown one plain, and lets a code block take focus', () => {
    const known = renderLessonMarkdown('```python\ndef add(a, b):\n    return a + b\n```');
    expect(known).toContain('<pre tabindex="0"><code class="language-python">');
    expect(known).toContain('<span class="hljs-keyword">def</span>');
    const unknown = renderLessonMarkdown('```cobol\nDISPLAY "HI".\n```');
    expect(unknown).not.toContain('hljs-');
    expect(unknown).toContain('DISPLAY &quot;HI&quot;.');
  });

  it('links bare addresses; another site opens in a new tab without the opener', () => {
    const html = renderLessonMarkdown(
      'Read https://react.dev/learn and [lesson 2](/learn/c-01/l-2).',
    );
    expect(html).toContain(
      '<a href="https://react.dev/learn" target="_blank" rel="noopener noreferrer">',
    );
    expect(html).toContain('<a href="/learn/c-01/l-2">lesson 2</a>');
  });
});
