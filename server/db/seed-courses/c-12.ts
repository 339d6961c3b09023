import { quizLesson, type SeedCourse } from './seed-course';

export const course: SeedCourse = {
  id: 'c-12',
  summary:
    'Design interfaces that are clear, consistent and accessible: hierarchy, typography, colour and contrast, spacing and layout, feedback, and forms.',
  description: `Good interface design is not decoration. It is the difference between a screen people understand at a glance and one they struggle with. Most of it rests on a small set of principles that anyone, developers included, can learn and apply.

This course covers those principles one at a time: visual hierarchy, typography, colour and contrast, spacing and layout, consistency, feedback, and forms. Each lesson gives concrete rules you can use on your next screen, with the CSS that implements them where it helps.

No design tools or drawing skills are needed; a browser and a critical eye are enough.`,
  outcomes: [
    'Build a clear visual hierarchy with size, weight, colour and position',
    'Set readable type with a simple type scale',
    'Choose colours with enough contrast and never rely on colour alone',
    'Use a spacing scale and alignment to group related elements',
    'Design consistent components with clear affordances and feedback',
    'Make forms that are easy to fill in and recover from errors',
  ],
  sections: [
    {
      id: 'c-12-1',
      title: 'Seeing like a designer',
      lessons: [
        {
          id: 'c-12-1-1',
          title: 'Visual hierarchy',
          minutes: 7,
          preview: true,
          content: {
            kind: 'reading',
            markdown: `## People scan, they don't read

Users glance at a screen for a second or two and decide where to look. **Visual hierarchy** is the order in which they notice things. If everything shouts, nothing is heard: your job is to decide what matters most and make it stand out, and to make everything else step back.

## The tools of emphasis

- **Size**: bigger is noticed first. Page titles, prices, key numbers.
- **Weight**: bold text draws the eye even at the same size.
- **Colour and contrast**: a saturated button on a calm page; dark text for primary content, grey for secondary.
- **Position**: in left-to-right languages, people start at the top left. Put the most important thing where the eye lands.
- **Space**: an element surrounded by empty space looks important.

You rarely need all of them. Emphasising with one or two is clearer than with five.

## De-emphasise instead of emphasising

When a primary element doesn't stand out, the instinct is to make it bigger and bolder. Often it works better to make the **competing** elements quieter: lighter grey for labels and metadata, regular weight for secondary text, a plain text link instead of a second big button.

## One primary action

Each screen should have one obvious main action, styled as a solid primary button. Secondary actions get a quieter style (an outline or a text button), and destructive ones are kept away from the main path.

~~~css
.button-primary {
  background: #1d4ed8;
  color: #ffffff;
  font-weight: 600;
}

.button-secondary {
  background: transparent;
  color: #1d4ed8;
  border: 1px solid #93c5fd;
}
~~~

## The squint test

Step back from the screen, or squint until the text blurs. What you still see is your hierarchy. If the first thing you notice is a decorative banner or a sidebar, rather than the content or the main action, the hierarchy is wrong.

## Labels and values

In a product card or a profile, the **value** matters more than its label: "$49.99" deserves emphasis, "Price:" does not. Often the label can go entirely when the format speaks for itself, as with an email address or a date.`,
          },
        },
        {
          id: 'c-12-1-2',
          title: 'Typography',
          minutes: 8,
          content: {
            kind: 'reading',
            markdown: `## Text is most of the interface

Most of what users see is text, so good typography improves a design more than anything else. The rules are few.

## Choose a readable typeface

One well-made sans-serif family is enough for most interfaces; the system font stack is fast and familiar. Use weights (regular, semibold, bold) for variety rather than adding fonts.

~~~css
body {
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  font-size: 1rem;      /* usually 16px: do not go smaller for body text */
  line-height: 1.5;
  color: #1f2937;
}
~~~

## Use a type scale

Pick a handful of sizes in advance and use only those. Random sizes (15px here, 17px there) look careless; a scale looks deliberate:

~~~css
:root {
  --text-sm: 0.875rem;   /* 14px: captions, metadata */
  --text-base: 1rem;     /* 16px: body */
  --text-lg: 1.25rem;    /* 20px: card titles */
  --text-xl: 1.5rem;     /* 24px: section headings */
  --text-2xl: 2rem;      /* 32px: page titles */
}
~~~

Sizing in \`rem\` respects the user's browser font setting, which people with low vision rely on.

## Line length and line height

- Keep lines of body text between about **45 and 75 characters**. Longer lines make the eye lose its place when jumping back to the next line. \`max-width: 65ch\` on a text column does it.
- Body text needs a line height of about **1.5**. Large headings need less, around 1.1 to 1.25, or their lines drift apart.

## Alignment

Left-align text in left-to-right languages. Centred text is fine for a short heading or a button label, but hard to read beyond two or three lines, because every line starts at a different place. Avoid justified text on the web: without good hyphenation it creates uneven gaps.

## Hierarchy within text

Headings should be clearly bigger or bolder than the text below them, and closer to the paragraph they introduce than to the one before. Use real heading levels in order (h1, then h2) so screen reader users can navigate by them.

## Contrast

Light-grey text on white looks elegant in a mockup and is unreadable in sunlight. The next lesson gives the numbers.`,
          },
        },
        {
          id: 'c-12-1-3',
          title: 'Colour and contrast',
          minutes: 8,
          content: {
            kind: 'reading',
            markdown: `## A small palette

A calm interface needs few colours:

- **Neutrals**: a range of greys (often slightly warm or cool) for text, backgrounds and borders. They make up most of the screen.
- **One primary colour** for actions and links, in several shades.
- **Semantic colours**: red for errors and destructive actions, green for success, amber for warnings, used only for those meanings.

Define shades in advance, as with the type scale, rather than inventing a new hex code each time.

## Contrast you can measure

Text must stand out from its background. The Web Content Accessibility Guidelines (WCAG) define a **contrast ratio** from 1:1 (none) to 21:1 (black on white). Level AA requires:

- **4.5:1** for normal text;
- **3:1** for large text (about 24px, or 19px bold) and for the parts of controls and icons needed to understand them, such as an input's border.

For example, \`#6b7280\` grey on white is about 4.8:1 and passes for body text; \`#9ca3af\` is about 2.5:1 and fails. Browser developer tools show the ratio when you inspect a text element, and many free contrast checkers exist.

~~~css
.text-secondary {
  color: #4b5563; /* about 7.6:1 on white: fine even for small text */
}

.input {
  border: 1px solid #6b7280; /* a visible boundary, over 3:1 */
}
~~~

## Never rely on colour alone

About 1 in 12 men and 1 in 200 women have some colour vision deficiency, most often confusing red and green. Whenever colour carries meaning, add a second signal:

- An error field gets a red border **and** an icon **and** a message in words.
- Links in body text are underlined, not just blue.
- Charts use labels or patterns, not only colours, to tell series apart.

## Dark mode

A dark theme is not an inverted light theme. Use dark grey rather than pure black backgrounds, reduce the saturation of bright colours, and check the contrast again: it changes with every background. CSS custom properties make switching themes straightforward:

~~~css
:root {
  --bg: #ffffff;
  --text: #1f2937;
}

@media (prefers-color-scheme: dark) {
  :root {
    --bg: #111827;
    --text: #e5e7eb;
  }
}
~~~`,
          },
        },
      ],
    },
    {
      id: 'c-12-2',
      title: 'Designing screens',
      lessons: [
        {
          id: 'c-12-2-1',
          title: 'Spacing, alignment and layout',
          minutes: 9,
          content: {
            kind: 'reading',
            markdown: `## Space groups things

The **law of proximity**: items close together are seen as belonging together. Spacing is therefore not decoration but information. A label must be closer to its own field than to the field above; a heading closer to its section than to the previous one. When in doubt, add more space between groups than within them.

## Use a spacing scale

As with type sizes, choose spacing values in advance. A scale based on 4 or 8 pixels works well:

~~~css
:root {
  --space-1: 0.25rem;  /* 4px */
  --space-2: 0.5rem;   /* 8px */
  --space-3: 0.75rem;  /* 12px */
  --space-4: 1rem;     /* 16px */
  --space-6: 1.5rem;   /* 24px */
  --space-8: 2rem;     /* 32px */
  --space-12: 3rem;    /* 48px */
}

.card {
  padding: var(--space-6);
  display: flex;
  flex-direction: column;
  gap: var(--space-2);
}
~~~

Fewer choices mean faster decisions and a more consistent result. Start with generous space and remove it; cramped layouts are a more common mistake than airy ones.

## Alignment

Every element should line up with something. Shared edges create invisible lines that make a page look ordered; items that are almost aligned look like mistakes. Left-align text and form fields in one column, and align numbers in tables to the right so digits line up.

## Layout with grid and flexbox

CSS grid lays out in two dimensions and handles responsive columns without media queries:

~~~css
.product-grid {
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: var(--space-6);
}
~~~

Each column is at least 16rem wide, and the browser fits as many as the screen allows: one on a phone, three or four on a desktop. Use flexbox for one-dimensional rows and columns, such as a toolbar or the inside of a card.

## Design for small screens first

Start with the narrowest layout: one column, the essential content, large touch targets (at least about 44 by 44 pixels). Then add columns and detail as space allows. Going the other way usually means cramming a desktop design onto a phone.

## Limit the width

Content stretched across a 2,500-pixel monitor is hard to read. Give the main column a \`max-width\` and centre it; let backgrounds, not text, fill the rest.`,
          },
        },
        {
          id: 'c-12-2-2',
          title: 'Consistency, affordances and feedback',
          minutes: 8,
          content: {
            kind: 'reading',
            markdown: `## Consistency

People learn an interface once and expect it to behave the same everywhere. If a blue underlined phrase is a link on one page, it must be a link on every page. If "Save" is on the right of one dialog, it belongs on the right of all of them. Consistency with **other** products matters too: a magnifying glass means search, a cart icon means the cart. Surprising people with a novel convention costs them time.

A small set of reusable components (buttons, inputs, cards, dialogs) with documented variants is the practical way to stay consistent: a **design system**, even a tiny one.

## Affordances and signifiers

An **affordance** is what an element lets you do; a **signifier** is how it tells you. Buttons should look pressable (a filled or outlined shape, a label that is a verb), links should look like links, and text that isn't clickable shouldn't look like either. Flat designs that remove every cue leave users guessing where to click.

Label buttons with what they do: "Save changes", "Delete account", not "OK" or "Submit".

## States

Every interactive element needs visible states:

~~~css
.button:hover {
  background: #1e40af;
}

.button:focus-visible {
  outline: 3px solid #f59e0b;
  outline-offset: 2px;
}

.button:disabled {
  opacity: 0.5;
  cursor: not-allowed;
}
~~~

Never remove the focus outline without a clear replacement: keyboard users depend on it to know where they are.

## Feedback

Every action deserves a response, quickly:

- **Under 0.1 s**: the result appears and feels instant.
- **Around 1 s**: show that something is happening, such as a button that turns into a spinner and is disabled against double clicks.
- **Several seconds**: show progress and, when possible, let the user continue or cancel.

After an action, say what happened: "Saved", "Message sent", or a clear error. For destructive actions, either ask for confirmation naming the consequence ("Delete 3 files? This cannot be undone.") or, better, allow undo.

## Empty states

An empty list is a chance to help: explain what will appear there and offer the action that fills it ("No courses yet. Browse courses"), instead of a blank area.`,
          },
        },
        {
          id: 'c-12-2-3',
          title: 'Forms people can finish',
          minutes: 8,
          content: {
            kind: 'reading',
            markdown: `## Ask for less

Every field is a reason to give up. Remove fields you don't need, make the rest obvious, and never ask for the same information twice. If a field is optional, consider dropping it; if you keep it, mark it "(optional)" rather than putting asterisks on all the others.

## Layout

- One column. Multi-column forms make people zigzag and skip fields.
- Labels **above** the fields: easy to scan, and they work on narrow screens.
- Never use the placeholder as the label. It disappears as soon as someone types, and its grey text usually fails contrast. Use placeholders, if at all, for an example of the format.
- Size fields to their expected content: a postcode field can be short.

## Help the input

Use the right input type, so phones show the right keyboard and browsers can autofill:

~~~css
/* Make every field and its label easy to hit and read. */
.field label {
  display: block;
  margin-bottom: 0.25rem;
  font-weight: 600;
}

.field input {
  width: 100%;
  min-height: 2.75rem;
  padding: 0.5rem 0.75rem;
  font-size: 1rem; /* under 16px, iOS Safari zooms in on focus */
}
~~~

In HTML, \`type="email"\`, \`type="tel"\` and \`inputmode="numeric"\` pick the keyboard; \`autocomplete="email"\` or \`autocomplete="street-address"\` let the browser fill in what it knows. Accept common formats instead of rejecting them: spaces in a card number, a phone number with dashes.

## Errors

- Validate when the user leaves a field or submits, not on every keystroke while they are still typing.
- Put the message **next to the field**, in words that say how to fix it: "Enter a date like 31/12/2025", not "Invalid input".
- Keep everything the user typed. Clearing a form after an error is the fastest way to lose them.
- After a failed submit, move the focus to the first field with an error, and show a summary at the top for long forms.
- Mark errors with more than colour: an icon and text, and \`aria-invalid\` so screen readers announce them.

## The button

One primary submit button at the end of the form, labelled with the outcome ("Create account", "Pay $49.99"). While the request runs, disable it and show progress, so an impatient second click doesn't submit twice.`,
          },
        },
        quizLesson({
          id: 'c-12-2-4',
          title: 'Quiz: UI design principles',
          minutes: 5,
          passPercent: 75,
          markdown: 'Four questions on the whole course.',
          questions: [
            {
              prompt: 'What is the minimum WCAG AA contrast ratio for normal-size body text?',
              choices: ['2:1', '3:1', '4.5:1', '7:1'],
              answers: [2],
            },
            {
              prompt:
                'An input has an error. Which ways of showing it work for people who cannot tell red from green?',
              choices: [
                'A red border only',
                'A message in words next to the field',
                'An error icon beside the field',
                'Turning the label red',
              ],
              answers: [1, 2],
            },
            {
              prompt: 'Why use a spacing scale (4, 8, 12, 16, 24, 32…) rather than any value?',
              choices: [
                'Browsers render other values slowly',
                'Consistent spacing looks deliberate and speeds up decisions',
                'It is required by CSS grid',
              ],
              answers: [1],
            },
            {
              prompt: 'Which are good practices for forms?',
              choices: [
                'Labels above the fields',
                'Placeholders instead of labels to save space',
                'Keeping what the user typed after an error',
                'Labelling the button with the outcome, such as "Create account"',
              ],
              answers: [0, 2, 3],
            },
          ],
        }),
      ],
    },
  ],
};
