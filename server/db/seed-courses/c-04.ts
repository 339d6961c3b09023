import { quizLesson, type SeedCourse } from './seed-course';

export const course: SeedCourse = {
  id: 'c-04',
  summary:
    'Write server-side JavaScript with Node.js: the runtime, files and streams, a JSON API with Express, validation, errors and configuration.',
  description: `Node.js runs JavaScript outside the browser, and it powers a large share of the web's APIs. This course shows how the runtime works and how to build a small, solid HTTP API with it.

You begin with the runtime itself: modules, npm, the file system and why Node handles thousands of connections on one thread. Then you build a JSON API with Express, with routing, middleware, input validation, error handling and configuration from the environment.

You should know modern JavaScript, including promises and async/await.`,
  outcomes: [
    'Set up a Node.js project with npm and ES modules',
    'Read and write files with the promise-based fs API and streams',
    'Explain why non-blocking I/O lets one process serve many clients',
    'Build a JSON API with Express routes and middleware',
    'Validate input and return clear HTTP errors',
    'Configure an app from environment variables and keep secrets out of code',
  ],
  sections: [
    {
      id: 'c-04-1',
      title: 'The runtime',
      lessons: [
        {
          id: 'c-04-1-1',
          title: 'Node.js, npm and your first script',
          minutes: 7,
          preview: true,
          content: {
            kind: 'reading',
            markdown: `## What Node.js is

Node.js is V8, the JavaScript engine of Chrome, plus a library for what servers need: files, networking, processes and timers. There is no \`document\` or \`window\`; instead you get modules such as \`node:fs\` and \`node:http\`.

Check your installation (use a current LTS version):

~~~bash
node --version
npm --version
~~~

## A project

~~~bash
mkdir hello-api && cd hello-api
npm init -y
~~~

\`npm init\` writes \`package.json\`, the project's manifest. Add \`"type": "module"\` to it so that \`.js\` files use \`import\` and \`export\`:

~~~json
{
  "name": "hello-api",
  "version": "1.0.0",
  "type": "module",
  "scripts": {
    "start": "node src/index.js",
    "dev": "node --watch src/index.js"
  }
}
~~~

## Your first script

~~~js
// src/index.js
import os from 'node:os';

const name = process.argv[2] ?? 'world';
console.log(\`Hello, \${name}! This machine has \${os.cpus().length} CPU cores.\`);
~~~

~~~bash
node src/index.js Ada
~~~

\`process\` is Node's global for the running program: \`process.argv\` holds the command line, \`process.env\` the environment variables, and \`process.exit(code)\` ends the program.

## Packages

\`npm install <name>\` downloads a package into \`node_modules\` and records it in \`package.json\` under \`dependencies\`; \`--save-dev\` records it under \`devDependencies\` (tools you need only while developing). \`package-lock.json\` pins the exact versions: commit it, so everyone installs the same tree. On a server or in CI, \`npm ci\` installs exactly what the lock file says.

Run the scripts of \`package.json\` with \`npm run dev\` or \`npm start\`. \`node --watch\` restarts the program when a file changes.`,
          },
        },
        {
          id: 'c-04-1-2',
          title: 'Files, streams and non-blocking I/O',
          minutes: 9,
          content: {
            kind: 'reading',
            markdown: `## One thread, many clients

Node runs your JavaScript on a single thread. It stays fast because it never **waits**: when you read a file or query a database, Node hands the work to the operating system and moves on. When the result is ready, your callback or \`await\` continues. A server spends most of its time waiting for I/O, so one thread can serve thousands of connections.

The catch: CPU-heavy work (hashing big files, resizing images in JavaScript) blocks that thread for everybody. Keep request handlers short, or move heavy work to a worker thread or another service.

## Reading and writing files

Use the promise API of \`node:fs\`:

~~~js
import { readFile, writeFile, mkdir } from 'node:fs/promises';

const text = await readFile('notes.txt', 'utf8');
const lines = text.split('\\n').filter((line) => line.trim() !== '');

await mkdir('out', { recursive: true });
await writeFile('out/count.json', JSON.stringify({ lines: lines.length }, null, 2));
~~~

Top-level \`await\` works in ES modules. The synchronous versions (\`readFileSync\`) block the thread; they are fine in a start-up script, not in a request handler.

## Paths

Build paths with \`node:path\` so they work on every operating system, and resolve them from the module's own location rather than from the current directory:

~~~js
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dataFile = path.join(here, '..', 'data', 'books.json');
~~~

Recent Node versions also offer \`import.meta.dirname\` directly.

## Streams

\`readFile\` loads the whole file into memory. For large files, a **stream** processes it piece by piece:

~~~js
import { createReadStream, createWriteStream } from 'node:fs';
import { createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';

await pipeline(
  createReadStream('access.log'),
  createGzip(),
  createWriteStream('access.log.gz'),
);
~~~

\`pipeline\` connects the streams, handles back-pressure (a slow writer slows the reader down) and rejects if any step fails. Memory use stays small, whatever the file size.`,
          },
        },
        {
          id: 'c-04-1-3',
          title: 'An HTTP server from scratch',
          minutes: 7,
          content: {
            kind: 'reading',
            markdown: `## The http module

Node can serve HTTP with no framework at all. Seeing it once makes clear what frameworks do for you:

~~~js
import http from 'node:http';

const books = [{ id: 1, title: 'Dune' }];

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/books') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(books));
    return;
  }
  res.writeHead(404, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ error: 'Not found' }));
});

server.listen(3000, () => {
  console.log('Listening on http://localhost:3000');
});
~~~

Try it:

~~~bash
curl -i http://localhost:3000/books
~~~

## Request and response

The handler gets two objects for every request:

- \`req\`: the method, URL and headers. The body is a **stream**: you collect its chunks yourself.
- \`res\`: you set the status and headers, then write the body and call \`end()\`. A response that never ends leaves the client hanging.

Reading a JSON body by hand:

~~~js
async function readJson(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}
~~~

A real server must also limit the body's size, handle invalid JSON and parse query strings.

## What a framework adds

Routing with parameters (\`/books/:id\`), body parsing with limits, middleware for logging and authentication, and one place to handle errors. That is what the next section builds with Express. Fastify and Hono are popular alternatives built on the same ideas.`,
          },
        },
      ],
    },
    {
      id: 'c-04-2',
      title: 'A JSON API with Express',
      lessons: [
        {
          id: 'c-04-2-1',
          title: 'Routes and middleware',
          minutes: 10,
          content: {
            kind: 'reading',
            markdown: `## Setting up

~~~bash
npm install express
~~~

~~~js
// src/app.js
import express from 'express';

export const app = express();
app.use(express.json({ limit: '100kb' })); // parse JSON bodies, refuse huge ones

const books = new Map([[1, { id: 1, title: 'Dune', price: 9.99 }]]);
let nextId = 2;

app.get('/books', (req, res) => {
  res.json([...books.values()]);
});

app.get('/books/:id', (req, res) => {
  const book = books.get(Number(req.params.id));
  if (!book) return res.status(404).json({ error: 'Book not found' });
  res.json(book);
});

app.post('/books', (req, res) => {
  const book = { id: nextId++, title: req.body.title, price: req.body.price };
  books.set(book.id, book);
  res.status(201).location(\`/books/\${book.id}\`).json(book);
});
~~~

~~~js
// src/index.js
import { app } from './app.js';

const port = Number(process.env.PORT ?? 3000);
app.listen(port, () => console.log(\`API on port \${port}\`));
~~~

Keeping \`app\` separate from \`listen\` lets tests import the app without opening a port.

## Status codes that matter

- **200** OK, **201** Created (with a \`Location\` header), **204** No Content
- **400** Bad Request (invalid input), **401** not signed in, **403** signed in but not allowed, **404** Not Found, **409** Conflict
- **500** a bug on the server

## Middleware

A middleware is a function \`(req, res, next)\` that runs before your routes. It may end the response, or call \`next()\` to pass the request on:

~~~js
app.use((req, res, next) => {
  const started = Date.now();
  res.on('finish', () => {
    console.log(req.method, req.originalUrl, res.statusCode, \`\${Date.now() - started} ms\`);
  });
  next();
});
~~~

Order matters: middleware registered with \`app.use\` runs for the routes registered **after** it. Group related routes with \`express.Router()\` and mount them with \`app.use('/books', booksRouter)\`.`,
          },
        },
        {
          id: 'c-04-2-2',
          title: 'Validation and error handling',
          minutes: 9,
          content: {
            kind: 'reading',
            markdown: `## Never trust the body

The route in the previous lesson stored whatever the client sent. A missing title or a price of \`"free"\` would end up in your data. Validate every input at the edge, with a schema:

~~~bash
npm install zod
~~~

~~~js
import { z } from 'zod';

const NewBook = z.object({
  title: z.string().trim().min(1).max(200),
  price: z.number().positive().max(10000),
});

app.post('/books', (req, res) => {
  const parsed = NewBook.safeParse(req.body);
  if (!parsed.success) {
    return res.status(400).json({ error: 'Invalid book', issues: parsed.error.issues });
  }
  const book = { id: nextId++, ...parsed.data };
  books.set(book.id, book);
  res.status(201).json(book);
});
~~~

Validate route parameters and query strings too: they are always strings, so convert and check them.

## One place for errors

Express recognises an **error handler** by its four parameters. Register it last:

~~~js
class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

app.get('/books/:id', (req, res) => {
  const book = books.get(Number(req.params.id));
  if (!book) throw new HttpError(404, 'Book not found');
  res.json(book);
});

app.use((err, req, res, next) => {
  const status = err.status ?? 500;
  if (status >= 500) console.error(err);
  res.status(status).json({ error: status >= 500 ? 'Something went wrong' : err.message });
});
~~~

Never send a stack trace or a database error to the client: log it on the server, answer a generic message.

## Async handlers

Express 5 passes a rejected promise from an \`async\` handler to the error handler automatically. In Express 4, wrap async handlers or call \`next(err)\` in a \`catch\`, or the request hangs and the rejection goes unhandled.

## A consistent shape

Give every error the same JSON shape, for example \`{ "error": "..." }\`. Clients can then show any error the same way.`,
          },
        },
        {
          id: 'c-04-2-3',
          title: 'Configuration and secrets',
          minutes: 6,
          content: {
            kind: 'reading',
            markdown: `## Configuration comes from the environment

The same code runs on your laptop, in CI and in production. What differs (the port, the database URL, API keys) is configuration, and it belongs in **environment variables**, not in the code.

~~~js
// src/config.js
import { z } from 'zod';

const Env = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  DATABASE_URL: z.string().url(),
});

export const config = Env.parse(process.env);
~~~

Parsing the environment once, at start-up, means a missing or malformed variable stops the app immediately with a clear message, instead of failing on the first request that needs it.

## Local development

Node 20.6 and later can load a \`.env\` file itself:

~~~bash
# .env (never committed)
DATABASE_URL=postgres://localhost:5432/books
PORT=3000
~~~

~~~bash
node --env-file=.env src/index.js
~~~

Add \`.env\` to \`.gitignore\`, and commit a \`.env.example\` with the variable names and harmless values so teammates know what to set.

## Secrets

- Never commit keys or passwords. A secret pushed to a repository must be considered leaked: rotate it.
- In production, set secrets through your host's configuration or a secrets manager.
- Don't log them: log the request, not its \`Authorization\` header.

## Shutting down cleanly

A host stops your app with the \`SIGTERM\` signal. Stop accepting connections and let running requests finish:

~~~js
const server = app.listen(config.PORT);

process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
});
~~~`,
          },
        },
        quizLesson({
          id: 'c-04-2-4',
          title: 'Quiz: Node.js and Express',
          minutes: 5,
          passPercent: 75,
          markdown: 'Four questions on the runtime and on building APIs.',
          questions: [
            {
              prompt: 'Why can a single Node.js process serve many clients at once?',
              choices: [
                'It starts a new thread for every request',
                'I/O is non-blocking: while the operating system waits, Node runs other code',
                'It caches every response',
              ],
              answers: [1],
            },
            {
              prompt: 'A client sends a book without a title. Which status should the API answer?',
              choices: ['200', '400', '404', '500'],
              answers: [1],
            },
            {
              prompt: 'Which belong in environment variables rather than in the code?',
              choices: [
                'The database URL',
                'A payment provider secret key',
                'The list of routes',
                'The port to listen on',
              ],
              answers: [0, 1, 3],
            },
            {
              prompt: 'What is true of Express middleware?',
              choices: [
                'It is a function of (req, res, next)',
                'It runs only after the route handler',
                'It must either end the response or call next()',
                'An error handler takes four parameters',
              ],
              answers: [0, 2, 3],
            },
          ],
        }),
      ],
    },
  ],
};
