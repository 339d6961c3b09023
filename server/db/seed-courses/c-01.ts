import { quizLesson, type SeedCourse } from './seed-course';

export const course: SeedCourse = {
  id: 'c-01',
  summary:
    'Learn the JavaScript of today from the first line: values, functions, arrays and objects, modules, and how asynchronous code really runs.',
  description: `This course teaches JavaScript as it is written today. You start with values and variables, then functions, arrays and objects, the building blocks of every program.

The second half is about time: why a browser never freezes while it waits for the network, how the event loop schedules your code, and how promises and async/await make waiting code read like ordinary code.

Every lesson is short and has code you can paste into your browser's console or run with Node.js. No earlier programming experience is needed.`,
  outcomes: [
    'Declare variables with let and const and know the types of JavaScript values',
    'Write functions, including arrow functions and default parameters',
    'Work with arrays and objects using map, filter, destructuring and spread',
    'Split a program into ES modules with import and export',
    'Explain the event loop, the call stack and the task queue',
    'Write asynchronous code with promises and async/await, and handle its errors',
  ],
  sections: [
    {
      id: 'c-01-1',
      title: 'The language',
      lessons: [
        {
          id: 'c-01-1-1',
          title: 'Values, variables and types',
          minutes: 8,
          preview: true,
          content: {
            kind: 'reading',
            markdown: `## Running JavaScript

You need nothing but a browser: open its developer tools (F12) and type into the **Console** tab. With Node.js installed, save code in a file and run \`node file.js\`.

## Variables

Declare a variable with \`const\` when its value will not be reassigned, and with \`let\` when it will. The old \`var\` has confusing scoping rules; you can forget it.

~~~js
const name = 'Ada';
let count = 0;
count = count + 1; // fine
// name = 'Grace'; // TypeError: Assignment to constant variable.
~~~

\`const\` stops reassignment, not change: an array declared with \`const\` can still get new items.

## The types of values

JavaScript has seven primitive types and objects:

- **string**: \`'hello'\`, \`"hello"\`, or a template literal with backticks
- **number**: \`42\`, \`3.14\` (one type for integers and decimals)
- **bigint**: \`9007199254740993n\` for very large integers
- **boolean**: \`true\` or \`false\`
- **undefined**: a variable declared but not given a value
- **null**: "no value", set on purpose
- **symbol**: unique identifiers, rarely needed at first
- **object**: everything else, including arrays and functions

\`typeof\` tells you a value's type:

~~~js
console.log(typeof 'hi'); // "string"
console.log(typeof 42); // "number"
console.log(typeof undefined); // "undefined"
console.log(typeof null); // "object" (a famous historical bug)
~~~

## Comparing values

Use \`===\` (strict equality). The loose \`==\` converts types before comparing, which gives surprises such as \`0 == ''\` being \`true\`.

~~~js
console.log(1 === 1); // true
console.log(1 === '1'); // false
~~~

## Template literals

Backtick strings can span lines and embed expressions:

~~~js
const item = 'book';
const price = 12.5;
console.log(\`One \${item} costs $\${price.toFixed(2)}\`); // One book costs $12.50
~~~`,
          },
        },
        {
          id: 'c-01-1-2',
          title: 'Functions',
          minutes: 9,
          content: {
            kind: 'reading',
            markdown: `## Why functions

A function gives a name to a piece of work so you can run it again with different inputs. Good functions do one thing and return a result instead of printing it.

## Three ways to write one

~~~js
// A function declaration: hoisted, so it can be called before this line.
function add(a, b) {
  return a + b;
}

// A function expression stored in a constant.
const multiply = function (a, b) {
  return a * b;
};

// An arrow function: short, and the usual choice for callbacks.
const square = (x) => x * x;

console.log(add(2, 3), multiply(2, 3), square(4)); // 5 6 16
~~~

An arrow function with a single expression returns it without \`return\`. With a block body \`{ … }\` you need \`return\` again.

## Default and rest parameters

~~~js
function greet(name = 'friend') {
  return \`Hello, \${name}!\`;
}
greet(); // "Hello, friend!"

function sum(...numbers) {
  return numbers.reduce((total, n) => total + n, 0);
}
sum(1, 2, 3); // 6
~~~

A missing argument is \`undefined\`, which is when the default applies.

## Functions are values

You can pass a function to another function, return one, or store one in a variable. A function passed in to be called later is a **callback**:

~~~js
const numbers = [3, 1, 2];
numbers.sort((a, b) => a - b); // [1, 2, 3]
~~~

## Closures

A function remembers the variables of the place where it was created, even after that place has finished running:

~~~js
function makeCounter() {
  let count = 0;
  return () => {
    count += 1;
    return count;
  };
}
const next = makeCounter();
next(); // 1
next(); // 2
~~~

\`count\` is private to the counter: nothing outside can change it. Closures are behind many patterns you will meet, from event handlers to React hooks.`,
          },
        },
        {
          id: 'c-01-1-3',
          title: 'Arrays and objects',
          minutes: 10,
          content: {
            kind: 'reading',
            markdown: `## Arrays

An array is an ordered list. Its index starts at 0.

~~~js
const fruits = ['apple', 'banana'];
fruits.push('cherry'); // adds at the end
console.log(fruits.length); // 3
console.log(fruits[0]); // "apple"
console.log(fruits.includes('banana')); // true
~~~

The methods you will use every day return **new** arrays and leave the original alone:

~~~js
const prices = [5, 12, 30];
const withTax = prices.map((p) => p * 1.2); // [6, 14.4, 36]
const cheap = prices.filter((p) => p < 20); // [5, 12]
const total = prices.reduce((sum, p) => sum + p, 0); // 47
const first = prices.find((p) => p > 10); // 12
~~~

## Objects

An object groups named values (properties):

~~~js
const book = { title: 'Dune', year: 1965, tags: ['sci-fi'] };
console.log(book.title); // "Dune"
book.rating = 5; // add a property
const key = 'year';
console.log(book[key]); // 1965
~~~

\`Object.keys\`, \`Object.values\` and \`Object.entries\` turn an object into arrays you can loop over:

~~~js
for (const [name, value] of Object.entries({ a: 1, b: 2 })) {
  console.log(name, value);
}
~~~

## Destructuring

Pull values out by name or position:

~~~js
const { title, year } = book;
const [head, ...rest] = [1, 2, 3]; // head = 1, rest = [2, 3]
~~~

## Spread

\`...\` copies the items or properties of one array or object into a new one. It is the usual way to "change" data without mutating it:

~~~js
const more = [...prices, 50]; // [5, 12, 30, 50]
const updated = { ...book, year: 1966 }; // book itself is unchanged
~~~

Spread makes a **shallow** copy: nested arrays and objects are shared, not copied. For a deep copy of plain data use \`structuredClone(value)\`.

## Optional chaining

\`?.\` stops at \`null\` or \`undefined\` instead of throwing, and \`??\` gives a fallback:

~~~js
const user = { profile: null };
const city = user.profile?.address?.city ?? 'unknown'; // "unknown"
~~~`,
          },
        },
        {
          id: 'c-01-1-4',
          title: 'Modules: import and export',
          minutes: 6,
          content: {
            kind: 'reading',
            markdown: `## One file, one job

As a program grows, you split it into files. An ES module is a file that **exports** what others may use and **imports** what it needs. Everything else in the file stays private.

~~~js
// math.js
export const PI = 3.14159;

export function area(radius) {
  return PI * radius * radius;
}

export default function circumference(radius) {
  return 2 * PI * radius;
}
~~~

~~~js
// main.js
import circumference, { area, PI } from './math.js';

console.log(area(2));
console.log(circumference(1));
~~~

- **Named exports** are imported by their name inside braces; you may rename with \`import { area as circleArea }\`.
- A module has at most one **default export**, imported under any name you like.
- Prefer named exports: editors can find and rename them reliably.

## Running modules

In the browser, load the entry file with a script tag whose type is \`module\`. In Node.js, name files \`.mjs\`, or add \`"type": "module"\` to \`package.json\`. Tools such as Vite bundle modules for production.

Module code always runs in strict mode, and each module runs only once, however many files import it.

## Importing packages

Packages installed with npm are imported by name, not by path:

~~~bash
npm install date-fns
~~~

~~~js
import { format } from 'date-fns';
console.log(format(new Date(2024, 0, 15), 'yyyy-MM-dd')); // 2024-01-15
~~~

## Dynamic import

\`import()\` loads a module when you need it and returns a promise, which keeps the first download small:

~~~js
const { area } = await import('./math.js');
~~~

You will understand \`await\` fully in the next section.`,
          },
        },
      ],
    },
    {
      id: 'c-01-2',
      title: 'Asynchronous JavaScript',
      lessons: [
        {
          id: 'c-01-2-1',
          title: 'What the heck is the event loop anyway?',
          minutes: 27,
          content: {
            kind: 'video',
            url: 'https://www.youtube.com/watch?v=8aGhZQkoFbQ',
            markdown: `Philip Roberts' talk at JSConf EU 2014 is the clearest explanation of how single-threaded JavaScript can wait for timers and the network without freezing. The talk is about 26 minutes; these notes sum it up.

## The call stack

JavaScript runs one thing at a time. The **call stack** records which function is running and who called it. Calling a function pushes a frame; returning pops it. An error's stack trace is a picture of this stack. While the stack is busy, nothing else can run, including the browser repainting the page: that is what "blocking" means.

## Web APIs and the callback queue

\`setTimeout\`, DOM events and network requests are not part of the JavaScript engine. The browser (or Node.js) provides them. When you call \`setTimeout(cb, 1000)\`, the browser starts a timer and your code carries on at once. When the timer fires, the browser puts \`cb\` in the **callback queue** (task queue).

## The event loop

The event loop has one job: when the call stack is empty, take the first callback from the queue and push it onto the stack.

~~~js
console.log('one');
setTimeout(() => console.log('three'), 0);
console.log('two');
// one, two, three
~~~

Even with 0 ms, the callback waits until the stack is empty, so "three" prints last. The delay is a minimum, not a guarantee.

## Takeaways

- Don't block the stack with long synchronous work: the page cannot render or respond meanwhile.
- Rendering also waits for an empty stack, so split heavy work or move it to a Web Worker.
- Asynchronous callbacks run later, on an empty stack, never in the middle of your function.

Since the talk, promises added the **microtask queue**: promise callbacks run as soon as the stack empties, before the next task such as a timer callback. The next lesson uses this.`,
          },
        },
        {
          id: 'c-01-2-2',
          title: 'Promises and async/await',
          minutes: 12,
          content: {
            kind: 'reading',
            markdown: `## A promise is a value that arrives later

A **promise** stands for the result of work that has not finished. It is *pending*, then either *fulfilled* with a value or *rejected* with an error, once and for all.

\`fetch\` returns a promise of a response:

~~~js
fetch('https://api.github.com/users/octocat')
  .then((response) => response.json())
  .then((user) => console.log(user.name))
  .catch((error) => console.error('Failed:', error));
~~~

Each \`.then\` returns a new promise, so steps chain. One \`.catch\` at the end handles a failure from any step.

## async and await

\`async\` functions let you write the same code top to bottom. \`await\` pauses the function (not the whole program) until the promise settles:

~~~js
async function showUser(login) {
  try {
    const response = await fetch(\`https://api.github.com/users/\${login}\`);
    if (!response.ok) throw new Error(\`HTTP \${response.status}\`);
    const user = await response.json();
    console.log(user.name);
  } catch (error) {
    console.error('Failed:', error);
  }
}
~~~

An \`async\` function always returns a promise. A rejected promise you await throws, so ordinary \`try\`/\`catch\` works. Note that \`fetch\` only rejects on network failure; a 404 is a successful response whose \`ok\` is \`false\`.

## Waiting for several things at once

Awaiting one after another runs them in sequence. When they don't depend on each other, start them together:

~~~js
const [a, b] = await Promise.all([fetch('/a.json'), fetch('/b.json')]);
~~~

\`Promise.all\` rejects as soon as one fails; \`Promise.allSettled\` waits for all and reports each outcome.

## Making your own

Wrap a callback API in \`new Promise\`:

~~~js
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function countdown() {
  for (let i = 3; i > 0; i--) {
    console.log(i);
    await sleep(1000);
  }
  console.log('Go!');
}
countdown();
~~~

## Order of execution

Promise callbacks are microtasks: they run before timer callbacks.

~~~js
setTimeout(() => console.log('timeout'), 0);
Promise.resolve().then(() => console.log('promise'));
console.log('sync');
// sync, promise, timeout
~~~`,
          },
        },
        quizLesson({
          id: 'c-01-2-3',
          title: 'Quiz: JavaScript essentials',
          minutes: 5,
          passPercent: 75,
          markdown: 'Check what you learned. Some questions have more than one right answer.',
          questions: [
            {
              prompt: 'Which declarations create a variable that cannot be reassigned?',
              choices: ['let', 'const', 'var', 'function parameters'],
              answers: [1],
            },
            {
              prompt:
                'Which of these array methods return a new array and leave the original unchanged?',
              choices: ['map', 'filter', 'push', 'sort'],
              answers: [0, 1],
            },
            {
              prompt:
                "In what order does this print? setTimeout(() => log('A'), 0); Promise.resolve().then(() => log('B')); log('C');",
              choices: ['A B C', 'C A B', 'C B A', 'B C A'],
              answers: [2],
            },
            {
              prompt: 'What is true of an async function?',
              choices: [
                'It always returns a promise',
                'await inside it blocks the whole page until the promise settles',
                'A rejected promise it awaits can be caught with try/catch',
                'It runs on a separate thread',
              ],
              answers: [0, 2],
            },
          ],
        }),
      ],
    },
  ],
};
