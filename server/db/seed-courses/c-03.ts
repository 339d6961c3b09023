import { quizLesson, type SeedCourse } from './seed-course';

export const course: SeedCourse = {
  id: 'c-03',
  summary:
    'Build user interfaces with React the modern way: components, props, state, effects and forms, explained from first principles.',
  description: `React describes a user interface as a function of data. You write components that say what the screen should look like for the current state, and React updates the page when the state changes.

This course starts from a single component and builds up to lists, forms, effects that talk to a server, and state shared between components. Every idea comes with a small example you can run in a Vite project.

You should be comfortable with modern JavaScript: arrow functions, destructuring, array methods and promises.`,
  outcomes: [
    'Create a React project with Vite and write function components in JSX',
    'Pass data down with props and render lists with stable keys',
    'Manage state with useState and update it without mutation',
    'Handle events and build controlled forms',
    'Fetch data with useEffect and clean up after it',
    'Share state by lifting it up or through context',
  ],
  sections: [
    {
      id: 'c-03-1',
      title: 'Components',
      lessons: [
        {
          id: 'c-03-1-1',
          title: 'Your first component',
          minutes: 7,
          preview: true,
          content: {
            kind: 'reading',
            markdown: `## Create a project

Vite sets up a React project with a fast development server:

~~~bash
npm create vite@latest my-app -- --template react
cd my-app
npm install
npm run dev
~~~

Open the address it prints, then edit \`src/App.jsx\`: the page updates as you save.

## A component is a function

A React component is a JavaScript function whose name starts with a capital letter and which returns what to show:

~~~jsx
function Greeting() {
  return <h1>Hello, React!</h1>;
}

export default function App() {
  return (
    <main>
      <Greeting />
      <Greeting />
    </main>
  );
}
~~~

The HTML-like syntax is **JSX**. It is compiled to ordinary function calls that describe elements; React then creates and updates the real DOM for you.

## The rules of JSX

- Return **one** root element. Wrap siblings in a \`div\` or in a fragment, \`<>…</>\`.
- Close every tag, including \`<img />\` and \`<br />\`.
- Use \`className\` instead of \`class\`, and camelCase for attributes such as \`onClick\`.
- Put any JavaScript **expression** inside braces:

~~~jsx
function Price() {
  const price = 12.5;
  const onSale = true;
  return (
    <p>
      Price: \${price.toFixed(2)} {onSale && <strong>On sale!</strong>}
    </p>
  );
}
~~~

\`{condition && <X />}\` shows X only when the condition is true. For either/or, use the ternary operator \`{a ? <A /> : <B />}\`.

## Thinking in components

Split the screen into pieces with one job each: a header, a product card, a cart line. Small components are easier to read, test and reuse. Start by building a static version from components, then add data and interaction, which is what the next lessons do.`,
          },
        },
        {
          id: 'c-03-1-2',
          title: 'Props and lists',
          minutes: 8,
          content: {
            kind: 'reading',
            markdown: `## Props pass data in

A component receives one argument, an object of **props**. Destructure it in the parameter list:

~~~jsx
function BookCard({ title, author, price = 0 }) {
  return (
    <article>
      <h2>{title}</h2>
      <p>by {author}</p>
      <p>\${price.toFixed(2)}</p>
    </article>
  );
}

<BookCard title="Dune" author="Frank Herbert" price={9.99} />;
~~~

Strings can be passed in quotes; any other value goes in braces. Props are **read-only**: a component never changes its own props. If something must change, it is state (next lesson).

## children

Whatever you put between a component's tags arrives as the \`children\` prop, which makes layout components easy:

~~~jsx
function Card({ children }) {
  return <div className="card">{children}</div>;
}

<Card>
  <p>Anything can go here.</p>
</Card>;
~~~

## Rendering lists

Turn an array of data into an array of elements with \`map\`:

~~~jsx
const books = [
  { id: 'b1', title: 'Dune', author: 'Frank Herbert', price: 9.99 },
  { id: 'b2', title: 'Emma', author: 'Jane Austen', price: 4.5 },
];

function BookList() {
  return (
    <ul>
      {books.map((book) => (
        <li key={book.id}>
          <BookCard title={book.title} author={book.author} price={book.price} />
        </li>
      ))}
    </ul>
  );
}
~~~

## Why keys matter

\`key\` tells React which item is which between renders. With a stable key, React moves, adds or removes exactly the right elements and keeps each one's state. Use an id from your data. Avoid the array index as a key when items can be reordered, inserted or removed: the state of one row would end up on another.

Keys must be unique among siblings, not across the whole app.

## Filtering before rendering

Compute what to show with plain JavaScript before the \`return\`:

~~~jsx
const cheap = books.filter((book) => book.price < 5);
~~~

Derived values like this should not be stored separately; compute them during rendering.`,
          },
        },
        {
          id: 'c-03-1-3',
          title: 'State and events',
          minutes: 10,
          content: {
            kind: 'reading',
            markdown: `## Remembering things

A component's local variables are recreated on every render, so they cannot remember anything. \`useState\` gives a component a value that survives renders, and a function to change it:

~~~jsx
import { useState } from 'react';

export default function Counter() {
  const [count, setCount] = useState(0);

  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Clicked {count} times
    </button>
  );
}
~~~

Calling \`setCount\` asks React to render the component again with the new value. Each \`Counter\` you render has its own count.

## Rules of hooks

Functions starting with \`use\` are **hooks**. Call them only at the top level of a component (or of another hook): never inside conditions, loops or nested functions. React identifies each piece of state by the order of the calls.

## State is a snapshot

Inside one render, \`count\` is a fixed value. Setting state does not change it immediately:

~~~jsx
function handleClick() {
  setCount(count + 1);
  setCount(count + 1); // still count + 1, not + 2
}
~~~

When the next value depends on the previous one, pass an **updater function**:

~~~jsx
function handleClick() {
  setCount((c) => c + 1);
  setCount((c) => c + 1); // now + 2
}
~~~

## Never mutate state

React compares the old and the new value to decide what changed. Mutating an object or array in place keeps the same reference, so the screen may not update. Create a new value instead:

~~~jsx
const [items, setItems] = useState([]);

const add = (item) => setItems([...items, item]);
const remove = (id) => setItems(items.filter((item) => item.id !== id));
const rename = (id, name) =>
  setItems(items.map((item) => (item.id === id ? { ...item, name } : item)));
~~~

## Events

Pass a function to \`onClick\`, \`onChange\`, \`onSubmit\` and the like; don't call it. \`onClick={handleClick}\` is right, \`onClick={handleClick()}\` calls it during rendering. The handler receives an event object, for example \`event.target.value\` for an input.`,
          },
        },
      ],
    },
    {
      id: 'c-03-2',
      title: 'Real applications',
      lessons: [
        {
          id: 'c-03-2-1',
          title: 'Controlled forms',
          minutes: 9,
          content: {
            kind: 'reading',
            markdown: `## A controlled input

In a **controlled** input, React state holds the value and the input shows it. Every keystroke updates the state:

~~~jsx
import { useState } from 'react';

export default function SignupForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');

  function handleSubmit(event) {
    event.preventDefault(); // stop the browser from reloading the page
    if (!email.includes('@')) {
      setError('Enter a valid email address');
      return;
    }
    setError('');
    console.log('Signing up', email);
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <label htmlFor="email">Email</label>
      <input
        id="email"
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        aria-invalid={error !== ''}
        aria-describedby="email-error"
      />
      <p id="email-error" role="alert">
        {error}
      </p>
      <button type="submit">Sign up</button>
    </form>
  );
}
~~~

Because the value lives in state, you can validate it, reformat it or reset it (\`setEmail('')\`) at any time.

## Several fields

Keep related fields in one object and update one property at a time:

~~~jsx
const [form, setForm] = useState({ name: '', city: '' });

function handleChange(event) {
  const { name, value } = event.target;
  setForm((previous) => ({ ...previous, [name]: value }));
}

// <input name="city" value={form.city} onChange={handleChange} />
~~~

## Checkboxes and selects

A checkbox uses \`checked\` and \`event.target.checked\`; a select uses \`value\` like a text input.

## Accessible forms

- Give every input a \`label\` tied to it with \`htmlFor\` and \`id\`.
- Submit with \`onSubmit\` on the form, not \`onClick\` on the button, so pressing Enter works.
- Show errors as text next to the field and mark the field with \`aria-invalid\`, so screen readers announce them.

Disable the submit button while a request is in flight to avoid double submissions.`,
          },
        },
        {
          id: 'c-03-2-2',
          title: 'Effects and fetching data',
          minutes: 10,
          content: {
            kind: 'reading',
            markdown: `## What effects are for

Rendering must be pure: compute the UI from props and state, nothing else. Work that reaches **outside** React, such as fetching, timers, subscriptions or changing the document title, goes in \`useEffect\`, which runs after React has updated the screen.

~~~jsx
import { useEffect, useState } from 'react';

export default function User({ login }) {
  const [user, setUser] = useState(null);
  const [error, setError] = useState(null);

  useEffect(() => {
    let ignore = false;
    setUser(null);
    setError(null);
    fetch(\`https://api.github.com/users/\${login}\`)
      .then((response) => {
        if (!response.ok) throw new Error(\`HTTP \${response.status}\`);
        return response.json();
      })
      .then((data) => {
        if (!ignore) setUser(data);
      })
      .catch((err) => {
        if (!ignore) setError(err.message);
      });
    return () => {
      ignore = true;
    };
  }, [login]);

  if (error) return <p role="alert">Could not load: {error}</p>;
  if (!user) return <p>Loading…</p>;
  return <h2>{user.name}</h2>;
}
~~~

## The dependency array

The second argument lists the values the effect uses. React runs the effect after the first render and again whenever one of them changes:

- \`[login]\`: run when \`login\` changes.
- \`[]\`: run once after the component appears.
- No array: run after every render, which is rarely what you want.

Leaving a used value out of the array makes the effect work with stale data. The \`react-hooks\` ESLint plugin warns you.

## Cleanup

The function an effect returns runs before the effect runs again and when the component goes away. Here it sets \`ignore\`, so a slow response for an old \`login\` cannot overwrite the newer one. Timers and subscriptions are cleaned up the same way:

~~~jsx
useEffect(() => {
  const id = setInterval(() => setSeconds((s) => s + 1), 1000);
  return () => clearInterval(id);
}, []);
~~~

## You might not need an effect

Don't use an effect to compute values from props or state; compute them while rendering. Don't use one to respond to a click; do it in the event handler. In larger apps, a data library such as TanStack Query handles caching, retries and loading states for you.`,
          },
        },
        {
          id: 'c-03-2-3',
          title: 'Sharing state: lifting up and context',
          minutes: 8,
          content: {
            kind: 'reading',
            markdown: `## Lifting state up

When two components need the same data, move the state to their closest common parent and pass it down as props, with functions to change it:

~~~jsx
import { useState } from 'react';

function SearchBox({ query, onQueryChange }) {
  return <input value={query} onChange={(event) => onQueryChange(event.target.value)} />;
}

function Results({ items }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export default function Search({ all }) {
  const [query, setQuery] = useState('');
  const matches = all.filter((item) => item.toLowerCase().includes(query.toLowerCase()));
  return (
    <>
      <SearchBox query={query} onQueryChange={setQuery} />
      <Results items={matches} />
    </>
  );
}
~~~

Data flows down, events flow up. There is one **source of truth** for the query, so the box and the results can never disagree.

## Context for widely used values

Passing a prop through many layers that don't use it ("prop drilling") gets tedious. Context lets a component provide a value to everything below it:

~~~jsx
import { createContext, useContext, useState } from 'react';

const ThemeContext = createContext('light');

export function App() {
  const [theme, setTheme] = useState('light');
  return (
    <ThemeContext.Provider value={theme}>
      <button type="button" onClick={() => setTheme(theme === 'light' ? 'dark' : 'light')}>
        Toggle theme
      </button>
      <Toolbar />
    </ThemeContext.Provider>
  );
}

function Toolbar() {
  return <ThemedLabel />;
}

function ThemedLabel() {
  const theme = useContext(ThemeContext);
  return <p>The theme is {theme}</p>;
}
~~~

Every component that reads a context re-renders when its value changes, so use context for things many components need and that change rarely: the theme, the signed-in user, the language. For everything else, props are simpler and more explicit.

## Where should state live?

Keep state as low as possible, in the lowest component that needs it, and lift it only when a sibling needs it too.`,
          },
        },
        quizLesson({
          id: 'c-03-2-4',
          title: 'Quiz: React fundamentals',
          minutes: 5,
          passPercent: 75,
          markdown: 'Four questions on components, state and effects.',
          questions: [
            {
              prompt: 'Which are good keys for a list of books from a database?',
              choices: [
                'The book id',
                'The array index, even if the list can be reordered',
                'Math.random() on every render',
                'The ISBN, if every book has a unique one',
              ],
              answers: [0, 3],
            },
            {
              prompt:
                'count is 0. A click handler calls setCount(count + 1) twice. What is count after the next render?',
              choices: ['0', '1', '2'],
              answers: [1],
            },
            {
              prompt: 'Which of these belong in a useEffect?',
              choices: [
                'Fetching data when an id prop changes',
                'Filtering a list you already have in state',
                'Starting an interval timer and clearing it on unmount',
                'Submitting a form when its button is clicked',
              ],
              answers: [0, 2],
            },
            {
              prompt: 'How do you add an item to an array held in state?',
              choices: [
                'items.push(item)',
                'setItems([...items, item])',
                'items[items.length] = item',
              ],
              answers: [1],
            },
          ],
        }),
      ],
    },
  ],
};
