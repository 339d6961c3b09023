import type { LessonContent } from '@contract/courses';

// The fake API's course content (issue 31): the outline and lessons of the mocked shop's courses
// (db.courses holds their name, price and image). Small, but every kind of lesson is here: a
// preview, readings with code, a video, and a quiz with a single and a multiple-answer question.

export type FixtureLesson = {
  _id: string;
  title: string;
  minutes: number;
  preview: boolean;
  content: LessonContent;
};

export type FixtureCourse = {
  summary: string;
  description: string;
  outcomes: string[];
  sections: Array<{ _id: string; title: string; lessons: FixtureLesson[] }>;
};

const reactWelcome = `React builds user interfaces out of **components**: functions that take
props and return what the screen should show.

\`\`\`javascript
function Greeting({ name }) {
  return <h1>Hello, {name}!</h1>;
}
\`\`\`

In this course you will build a small shop screen by screen. Each lesson ends with something
you can try in your editor. Read more on [react.dev](https://react.dev/learn).`;

const reactJsx = `JSX is JavaScript with markup in it. Curly braces put any expression in
the markup:

\`\`\`typescript
const items: string[] = ['Learn', 'Build', 'Share'];

export function List() {
  return (
    <ul>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
\`\`\`

- Every element in a list needs a stable \`key\`.
- \`class\` is written \`className\`.
- A component returns one root element (or a fragment \`<>…</>\`).`;

const reactState = `A component remembers values between renders with \`useState\`:

\`\`\`javascript
import { useState } from 'react';

export function Counter() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>Clicked {count} times</button>;
}
\`\`\`

Setting state asks React to render the component again with the new value. Never change the
value in place: give \`setCount\` a new one.`;

const reactCourse: FixtureCourse = {
  summary: 'Build modern user interfaces with components, JSX, state and hooks.',
  description:
    'A practical start with React. You write components, render lists, keep state with hooks and finish with a quiz that checks what you learned.\n\nNo earlier React needed; some JavaScript helps.',
  outcomes: [
    'Write function components and pass them props',
    'Render lists with JSX and keys',
    'Keep state with useState',
  ],
  sections: [
    {
      _id: 's-basics',
      title: 'Getting started',
      lessons: [
        {
          _id: 'l-welcome',
          title: 'Welcome to React',
          minutes: 5,
          preview: true,
          content: { kind: 'reading', markdown: reactWelcome },
        },
        {
          _id: 'l-components',
          title: 'Components in five minutes',
          minutes: 6,
          preview: false,
          content: {
            kind: 'video',
            url: 'https://www.youtube.com/watch?v=Tn6-PIqc4UM',
            markdown: 'Watch how a page splits into components, then try it in the next lesson.',
          },
        },
        {
          _id: 'l-jsx',
          title: 'JSX in depth',
          minutes: 10,
          preview: false,
          content: { kind: 'reading', markdown: reactJsx },
        },
      ],
    },
    {
      _id: 's-state',
      title: 'State and hooks',
      lessons: [
        {
          _id: 'l-state',
          title: 'State with useState',
          minutes: 8,
          preview: false,
          content: { kind: 'reading', markdown: reactState },
        },
        {
          _id: 'l-quiz',
          title: 'Check your understanding',
          minutes: 5,
          preview: false,
          content: {
            kind: 'quiz',
            passPercent: 70,
            markdown: 'Three questions on what the lessons covered.',
            questions: [
              {
                prompt: 'What does a component return?',
                choices: ['A string of HTML', 'What the screen should show', 'A CSS file'],
                answers: [1],
              },
              {
                prompt: 'Which are hooks?',
                choices: ['useState', 'useEffect', 'render', 'className'],
                answers: [0, 1],
              },
              {
                prompt: 'How do you change state?',
                choices: ['Assign to the variable', 'Call its setter with a new value'],
                answers: [1],
              },
            ],
          },
        },
      ],
    },
  ],
};

/** A shorter course: what the other mocked courses teach, in two sections. */
function shortCourse(
  subject: string,
  language: string,
  sample: string,
  question: { prompt: string; choices: string[]; answers: number[] },
): FixtureCourse {
  return {
    summary: `A short, practical introduction to ${subject}.`,
    description: `Learn the ground rules of ${subject} with short readings, a video and a quiz.`,
    outcomes: [`Know the basics of ${subject}`, 'Practise with small exercises'],
    sections: [
      {
        _id: 's-intro',
        title: 'Introduction',
        lessons: [
          {
            _id: 'l-intro',
            title: `What ${subject} is`,
            minutes: 4,
            preview: true,
            content: {
              kind: 'reading',
              markdown: `${subject} in one example:\n\n\`\`\`${language}\n${sample}\n\`\`\``,
            },
          },
          {
            _id: 'l-video',
            title: 'A first look',
            minutes: 7,
            preview: false,
            content: { kind: 'video', url: 'https://vimeo.com/76979871', markdown: '' },
          },
        ],
      },
      {
        _id: 's-practice',
        title: 'Practice',
        lessons: [
          {
            _id: 'l-check',
            title: 'Quick check',
            minutes: 3,
            preview: false,
            content: { kind: 'quiz', passPercent: 100, markdown: '', questions: [question] },
          },
        ],
      },
    ],
  };
}

/** Each mocked course's content, by the id db.courses gives it. */
export const COURSE_CONTENT: Readonly<Record<string, FixtureCourse>> = {
  'c-react': reactCourse,
  'c-python': shortCourse(
    'Python for data',
    'python',
    'import statistics\n\nprices = [12.5, 9.99, 30]\nprint(statistics.mean(prices))',
    {
      prompt: 'Which module gives the mean of a list?',
      choices: ['statistics', 'random', 'os'],
      answers: [0],
    },
  ),
  'c-writing': shortCourse('story writing', 'markdown', '# Chapter one\n\nIt was raining.', {
    prompt: 'What does a story need first?',
    choices: ['A character who wants something', 'A long description of the weather'],
    answers: [0],
  }),
};
