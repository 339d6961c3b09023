import { quizLesson, type SeedCourse } from './seed-course';

export const course: SeedCourse = {
  id: 'c-02',
  summary:
    'Go beyond type annotations: narrowing, unions, generics and utility types, and the compiler settings that make TypeScript catch real bugs.',
  description: `TypeScript is JavaScript with a type checker that reads your code before it runs. This course assumes you know JavaScript and shows how to get the most out of the types, not just how to silence the compiler.

You will learn how TypeScript infers and narrows types, how to model data with unions and discriminated unions, and how generics let one function work safely with many types.

The last section covers the utility types of the standard library and the compiler options a real project should turn on.`,
  outcomes: [
    'Annotate functions and let inference do the rest',
    'Model data with object types, unions and discriminated unions',
    'Narrow types with typeof, in, equality checks and type guards',
    'Write generic functions and types with constraints',
    'Use Partial, Pick, Omit, Record and other utility types',
    'Configure tsconfig.json for strict, safe checking',
  ],
  sections: [
    {
      id: 'c-02-1',
      title: 'Types in everyday code',
      lessons: [
        {
          id: 'c-02-1-1',
          title: 'Why TypeScript, and how it runs',
          minutes: 6,
          preview: true,
          content: {
            kind: 'reading',
            markdown: `## A checker, not a new language

TypeScript adds type syntax to JavaScript. The compiler, \`tsc\`, checks the types and then **erases** them: the JavaScript that runs is your code with the annotations removed. Types never exist at run time, so they cannot slow your program down, and they cannot check data arriving from outside either.

~~~ts
function total(prices: number[]): number {
  return prices.reduce((sum, price) => sum + price, 0);
}

total([1, 2, 3]); // 6
// total(['1', '2']); // Error: Type 'string' is not assignable to type 'number'.
~~~

The error appears in your editor as you type, long before a user meets it.

## Getting started

~~~bash
npm install --save-dev typescript
npx tsc --init     # writes tsconfig.json
npx tsc --noEmit   # type-check the project without writing files
~~~

Most projects let a bundler (Vite, esbuild) strip the types quickly and run \`tsc --noEmit\` separately, in the editor and in CI, to check them.

## Inference

You rarely need to write a type on a variable. TypeScript infers it from the value:

~~~ts
let count = 0; // number
const name = 'Ada'; // the literal type 'Ada': a const never changes
const tags = ['a', 'b']; // string[]
~~~

A good habit: annotate **function parameters** and, for public functions, **return types**. Let inference handle local variables.

## any and unknown

\`any\` turns checking off for a value, and the lack of checking spreads to everything it touches. \`unknown\` is the safe alternative: it accepts any value, but you must check what it is before using it.

~~~ts
function parse(json: string): unknown {
  return JSON.parse(json);
}

const data = parse('{"id": 1}');
// data.id; // Error: 'data' is of type 'unknown'.
if (typeof data === 'object' && data !== null && 'id' in data) {
  console.log(data.id);
}
~~~

Use \`unknown\` for anything from outside your program, and validate it.`,
          },
        },
        {
          id: 'c-02-1-2',
          title: 'Object types, interfaces and aliases',
          minutes: 8,
          content: {
            kind: 'reading',
            markdown: `## Describing objects

An object type lists the properties and their types. Name it with a \`type\` alias or an \`interface\`:

~~~ts
type Book = {
  id: string;
  title: string;
  price: number;
  subtitle?: string; // optional: string | undefined
  readonly isbn: string; // cannot be reassigned
};

interface Author {
  name: string;
  books: Book[];
}
~~~

Both work for objects. Interfaces can be extended with \`extends\` and merged by declaring them twice; type aliases can also name unions, tuples and other types. Many teams use \`type\` everywhere for consistency; pick one rule and keep it.

## Structural typing

TypeScript compares types by **shape**, not by name. Any value with the right properties fits:

~~~ts
function label(book: { title: string; price: number }): string {
  return \`\${book.title} ($\${book.price})\`;
}

const dune = { title: 'Dune', price: 9.99, pages: 412 };
label(dune); // fine: it has title and price
~~~

Passing an object **literal** with an unknown property is an error, because it is usually a typo:

~~~ts
// label({ title: 'Dune', price: 9.99, pgaes: 412 }); // Error: Object literal may only specify known properties
~~~

## Arrays, tuples and records

~~~ts
const ids: string[] = ['a', 'b'];
const point: [number, number] = [3, 4]; // a tuple: fixed length and types
const stock: Record<string, number> = { dune: 3, emma: 0 };
~~~

## Function types

~~~ts
type Compare = (a: number, b: number) => number;
const ascending: Compare = (a, b) => a - b;
~~~

The parameters of \`ascending\` are inferred from \`Compare\`; you do not repeat them.

## Extending types

~~~ts
type Ebook = Book & { fileSizeMb: number }; // an intersection: both at once

interface Magazine extends Author {
  issue: number;
}
~~~`,
          },
        },
        {
          id: 'c-02-1-3',
          title: 'Unions and narrowing',
          minutes: 10,
          content: {
            kind: 'reading',
            markdown: `## A value of one type or another

A **union** \`A | B\` is a value that is either. Literal types make unions precise:

~~~ts
type Status = 'draft' | 'published' | 'archived';

let status: Status = 'draft';
// status = 'deleted'; // Error: not one of the three
~~~

## Narrowing

Before you use a union, you must show TypeScript which member you have. It follows your checks and **narrows** the type inside each branch:

~~~ts
function format(value: string | number): string {
  if (typeof value === 'number') {
    return value.toFixed(2); // value: number
  }
  return value.toUpperCase(); // value: string
}
~~~

Other checks narrow too: \`Array.isArray(x)\`, \`x instanceof Date\`, \`'key' in x\`, \`x === null\` and truthiness (\`if (x)\`).

## Discriminated unions

Give every member a common property with a literal value, and a \`switch\` on it narrows perfectly. This is the best way to model "one of several shapes":

~~~ts
type Shape =
  | { kind: 'circle'; radius: number }
  | { kind: 'rect'; width: number; height: number };

function area(shape: Shape): number {
  switch (shape.kind) {
    case 'circle':
      return Math.PI * shape.radius ** 2;
    case 'rect':
      return shape.width * shape.height;
  }
}
~~~

## Exhaustiveness

If someone adds \`{ kind: 'triangle'; … }\` later, you want every switch to complain. Assign the leftover to \`never\`:

~~~ts
function assertNever(value: never): never {
  throw new Error(\`Unexpected: \${JSON.stringify(value)}\`);
}

// in the switch:
// default:
//   return assertNever(shape);
~~~

When all cases are handled, \`shape\` is \`never\` in \`default\`; a new member makes it a compile error.

## Custom type guards

A function returning \`value is T\` teaches TypeScript a check of your own:

~~~ts
type Fish = { swim: () => void };
type Bird = { fly: () => void };

function isFish(pet: Fish | Bird): pet is Fish {
  return 'swim' in pet;
}
~~~

After \`if (isFish(pet))\`, \`pet\` is a \`Fish\` inside the branch.`,
          },
        },
        quizLesson({
          id: 'c-02-1-4',
          title: 'Quiz: types and narrowing',
          minutes: 5,
          passPercent: 65,
          markdown: 'Three questions on the first section. Some have several right answers.',
          questions: [
            {
              prompt: 'What happens to type annotations when TypeScript code runs?',
              choices: [
                'They are checked again at run time',
                'They are erased: the running JavaScript has no types',
                'They make the program run faster',
              ],
              answers: [1],
            },
            {
              prompt: 'Which checks narrow a value of type string | number[] | null?',
              choices: [
                "typeof value === 'string'",
                'Array.isArray(value)',
                'value === null',
                'value as string',
              ],
              answers: [0, 1, 2],
            },
            {
              prompt:
                'Which type is the safe choice for data parsed from JSON you have not validated yet?',
              choices: ['any', 'unknown', 'object', 'never'],
              answers: [1],
            },
          ],
        }),
      ],
    },
    {
      id: 'c-02-2',
      title: 'Reusable types',
      lessons: [
        {
          id: 'c-02-2-1',
          title: 'Generics',
          minutes: 10,
          content: {
            kind: 'reading',
            markdown: `## One function, many types

Suppose you want the first item of any array. Typing it \`any[]\` loses the item's type. A **type parameter** keeps it:

~~~ts
function first<T>(items: T[]): T | undefined {
  return items[0];
}

const n = first([1, 2, 3]); // number | undefined
const s = first(['a', 'b']); // string | undefined
~~~

\`T\` is filled in from the argument at each call. You can write it yourself (\`first<string>([])\`), but inference usually does it.

## Generic types

Types take parameters too:

~~~ts
type ApiResult<T> = { ok: true; data: T } | { ok: false; error: string };

function parsePort(text: string): ApiResult<number> {
  const port = Number(text);
  return Number.isInteger(port) && port > 0
    ? { ok: true, data: port }
    : { ok: false, error: \`Not a port: \${text}\` };
}
~~~

\`Array<T>\`, \`Promise<T>\` and \`Map<K, V>\` are generic types from the standard library.

## Constraints

\`extends\` limits what \`T\` may be, so you can use its properties:

~~~ts
function longest<T extends { length: number }>(a: T, b: T): T {
  return a.length >= b.length ? a : b;
}

longest('apple', 'fig'); // 'apple'
longest([1, 2], [1, 2, 3]); // [1, 2, 3]
// longest(10, 20); // Error: number has no 'length'
~~~

## keyof and indexed access

\`keyof T\` is the union of T's property names, and \`T[K]\` the type of property K. Together they type a safe property getter:

~~~ts
function pluck<T, K extends keyof T>(items: T[], key: K): T[K][] {
  return items.map((item) => item[key]);
}

const books = [{ title: 'Dune', year: 1965 }];
const years = pluck(books, 'year'); // number[]
// pluck(books, 'author'); // Error: not a key of the book type
~~~

## When not to use generics

A type parameter should connect things: an input to an output, or two inputs. If \`T\` appears only once, a plain type is clearer.`,
          },
        },
        {
          id: 'c-02-2-2',
          title: 'Utility types',
          minutes: 8,
          content: {
            kind: 'reading',
            markdown: `## Types from types

TypeScript ships generic types that transform other types. They keep related types in step: change the original and every derived type follows.

~~~ts
type User = {
  id: string;
  name: string;
  email: string;
  admin: boolean;
};
~~~

## The ones you will use most

~~~ts
type UserUpdate = Partial<User>; // every property optional
type NewUser = Omit<User, 'id'>; // everything but id
type PublicUser = Pick<User, 'id' | 'name'>; // only id and name
type FrozenUser = Readonly<User>; // no property can be reassigned
type Complete = Required<Partial<User>>; // every property required again
type RolesByUser = Record<string, 'reader' | 'editor'>;
~~~

A typical use: an update function that accepts only the fields that change.

~~~ts
function updateUser(user: User, changes: Partial<Omit<User, 'id'>>): User {
  return { ...user, ...changes };
}
~~~

## Working with unions

~~~ts
type Status = 'draft' | 'published' | 'archived';
type Visible = Exclude<Status, 'draft'>; // 'published' | 'archived'
type Hidden = Extract<Status, 'draft' | 'deleted'>; // 'draft'
type MaybeName = string | null | undefined;
type Name = NonNullable<MaybeName>; // string
~~~

## Types of functions

~~~ts
async function loadUser(id: string): Promise<User> {
  return { id, name: 'Ada', email: 'ada@example.com', admin: false };
}

type LoadArgs = Parameters<typeof loadUser>; // [id: string]
type Loaded = Awaited<ReturnType<typeof loadUser>>; // User
~~~

\`typeof\` in a type position takes the type of a value, which lets you derive types from code you already have.

## as const and satisfies

\`as const\` keeps literal types, and \`satisfies\` checks a value against a type without widening it:

~~~ts
const ROLES = ['reader', 'editor', 'admin'] as const;
type Role = (typeof ROLES)[number]; // 'reader' | 'editor' | 'admin'

const limits = { maxUsers: 10, maxBooks: 100 } satisfies Record<string, number>;
limits.maxUsers; // still known to exist
~~~

Defining the list once and deriving the type from it means the two can never disagree.`,
          },
        },
        {
          id: 'c-02-2-3',
          title: 'A strict tsconfig and validating input',
          minutes: 7,
          content: {
            kind: 'reading',
            markdown: `## Turn on strict

The most valuable setting is one line. \`strict\` enables a family of checks, among them \`strictNullChecks\` (\`null\` and \`undefined\` are not silently allowed everywhere) and \`noImplicitAny\`.

~~~json
{
  "compilerOptions": {
    "target": "ES2022",
    "module": "ESNext",
    "moduleResolution": "Bundler",
    "strict": true,
    "noUncheckedIndexedAccess": true,
    "noEmit": true,
    "skipLibCheck": true
  },
  "include": ["src"]
}
~~~

\`noUncheckedIndexedAccess\` makes \`items[i]\` and \`record[key]\` possibly \`undefined\`, which is the truth: an index can be out of range.

~~~ts
const scores: Record<string, number> = {};
const score = scores['ada']; // number | undefined
console.log((score ?? 0) + 1);
~~~

## Types stop at the edge

Types describe what your code **expects**. Data from a request, a file or \`localStorage\` may be anything, and a type annotation on it is just a promise nobody checked. Validate at the edge, then trust the types inside.

A schema library such as zod checks a value and gives you its type from the same definition:

~~~ts
import { z } from 'zod';

const BookSchema = z.object({
  title: z.string().min(1),
  price: z.number().positive(),
});
type Book = z.infer<typeof BookSchema>;

const result = BookSchema.safeParse(JSON.parse('{"title":"Dune","price":9.99}'));
if (result.success) {
  const book: Book = result.data;
  console.log(book.title);
} else {
  console.log(result.error.issues);
}
~~~

## Avoid lying to the compiler

- \`as SomeType\` tells the compiler to trust you, with no check. Prefer narrowing or validation.
- The non-null assertion \`value!\` hides a possible \`undefined\`; handle it instead.
- \`// @ts-ignore\` silences every error on the next line; \`// @ts-expect-error\` at least fails once the error is gone.

Each of these is sometimes right, but each one is a place where the types may be wrong.`,
          },
        },
      ],
    },
  ],
};
