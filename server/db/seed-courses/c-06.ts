import { quizLesson, type SeedCourse } from './seed-course';

export const course: SeedCourse = {
  id: 'c-06',
  summary:
    'Build dynamic websites with PHP 8 and MySQL: the language, forms, sessions, and safe database access with PDO and prepared statements.',
  description: `PHP runs a large part of the web, from personal blogs to the biggest content management systems. It is made for one job: take an HTTP request, do some work, and produce a page.

This course teaches modern PHP 8, not the PHP of old tutorials. You learn the language, handle forms and sessions safely, and connect to MySQL through PDO with prepared statements, so your site is protected from SQL injection from day one.

You should know basic HTML. No earlier PHP or database experience is needed.`,
  outcomes: [
    'Run PHP with its built-in development server',
    'Use variables, arrays, functions and types in PHP 8',
    'Handle form input safely and escape output against XSS',
    'Keep users signed in with sessions and hash passwords properly',
    'Query MySQL with PDO and prepared statements',
    'Design simple tables and CRUD pages',
  ],
  sections: [
    {
      id: 'c-06-1',
      title: 'PHP essentials',
      lessons: [
        {
          id: 'c-06-1-1',
          title: 'How PHP serves a page',
          minutes: 6,
          preview: true,
          content: {
            kind: 'reading',
            markdown: `## The request cycle

When a browser asks for \`/hello.php\`, the web server hands the file to PHP. PHP runs it from top to bottom, and whatever the script outputs becomes the response. Then everything is thrown away: the next request starts from scratch. Anything that must last between requests goes into a database, a file or a session.

## Installing and running

Install PHP 8 (\`php --version\` to check). For development you need no separate web server: PHP has one built in.

~~~bash
mkdir site && cd site
php -S localhost:8000
~~~

Now \`http://localhost:8000/hello.php\` runs \`hello.php\` from that folder.

## Your first script

~~~php
<?php
declare(strict_types=1);

$name = $_GET['name'] ?? 'world';
$hour = (int) date('G');
$greeting = $hour < 12 ? 'Good morning' : 'Good afternoon';

echo $greeting . ', ' . htmlspecialchars($name) . '!';
~~~

Open \`/hello.php?name=Ada\`. A few things to notice:

- PHP code lives between \`<?php\` and \`?>\`; a file that contains only PHP leaves the closing tag out.
- Variables start with \`$\`. Statements end with \`;\`.
- \`.\` joins strings. Double-quoted strings also interpolate variables: \`"Hello, $name"\`.
- \`$_GET\` holds the query string's parameters. \`??\` gives a default when a key is missing.
- \`htmlspecialchars\` escapes the text before it goes into HTML. Never echo user input without it; you will see why in the lesson on forms.
- \`declare(strict_types=1)\` makes PHP refuse wrong argument types instead of silently converting them. Put it at the top of every file.

## Mixing PHP and HTML

PHP can fill in parts of an HTML template. The short echo tag \`<?= … ?>\` prints a value; inside templates, use it with \`htmlspecialchars\` for anything that came from users. Keep the logic at the top of the file and the template below, or better, in separate files.`,
          },
        },
        {
          id: 'c-06-1-2',
          title: 'Arrays, functions and types',
          minutes: 9,
          content: {
            kind: 'reading',
            markdown: `## Arrays

PHP's array is both a list and a dictionary (an ordered map):

~~~php
<?php
declare(strict_types=1);

$fruits = ['apple', 'banana'];
$fruits[] = 'cherry';              // append
echo count($fruits), PHP_EOL;      // 3

$book = ['title' => 'Dune', 'year' => 1965];
$book['price'] = 9.99;
echo $book['title'], PHP_EOL;

foreach ($book as $key => $value) {
    echo "$key: $value", PHP_EOL;
}
~~~

\`PHP_EOL\` is a line break. The most used array functions:

~~~php
$prices = [5, 12, 30];
$withTax = array_map(fn ($p) => $p * 1.2, $prices);
$cheap = array_filter($prices, fn ($p) => $p < 20);   // keeps the original keys
$total = array_sum($prices);                           // 47
$hasTwelve = in_array(12, $prices, true);              // strict comparison
sort($prices);                                         // sorts in place
~~~

## Functions with types

PHP 8 lets you declare parameter and return types, and checks them:

~~~php
function priceWithVat(float $price, float $rate = 0.2): float
{
    return round($price * (1 + $rate), 2);
}

echo priceWithVat(10.0), PHP_EOL;             // 12
echo priceWithVat(price: 10.0, rate: 0.05);   // 10.5: named arguments
~~~

A type preceded by \`?\` allows \`null\`: \`?string\`. Union types are written \`int|string\`.

## Comparison

Use \`===\` and \`!==\`: they compare value **and** type. The loose \`==\` converts types first; PHP 8 made it saner, but strict comparison is never surprising.

## Classes

~~~php
final class Book
{
    public function __construct(
        public readonly string $title,
        public readonly float $price,
    ) {}

    public function label(): string
    {
        return sprintf('%s ($%.2f)', $this->title, $this->price);
    }
}

$dune = new Book('Dune', 9.99);
echo $dune->label();   // Dune ($9.99)
~~~

Constructor promotion declares and sets the properties in one place, and \`readonly\` properties cannot be changed after construction.

## Composer

Composer is PHP's package manager. \`composer require vendor/package\` installs a library, and \`require 'vendor/autoload.php';\` loads every installed class automatically.`,
          },
        },
        {
          id: 'c-06-1-3',
          title: 'Forms, escaping and sessions',
          minutes: 10,
          content: {
            kind: 'reading',
            markdown: `## Reading a form

A form posted with \`method="post"\` arrives in \`$_POST\`. Treat every field as untrusted: it may be missing, empty or hostile.

~~~php
<?php
declare(strict_types=1);

$errors = [];
$email = '';

if ($_SERVER['REQUEST_METHOD'] === 'POST') {
    $email = trim($_POST['email'] ?? '');
    if (filter_var($email, FILTER_VALIDATE_EMAIL) === false) {
        $errors[] = 'Enter a valid email address.';
    }
    if ($errors === []) {
        // save it, then redirect so a reload does not post again
        header('Location: /thanks.php', true, 303);
        exit;
    }
}
~~~

Redirecting after a successful POST (the **Post/Redirect/Get** pattern) stops the browser from resubmitting the form when the user reloads.

## Escape all output

If a user types a script tag into a field and you echo it as is, their script runs in other users' browsers. That is **cross-site scripting (XSS)**. Escape every value when you put it into HTML:

~~~php
function e(string $text): string
{
    return htmlspecialchars($text, ENT_QUOTES, 'UTF-8');
}

echo '<input name="email" value="' . e($email) . '">';
~~~

Escape on **output**, at the moment the value goes into HTML, not when you store it.

## Sessions

HTTP forgets everything between requests. A session gives each visitor a random id in a cookie, and PHP keeps their data on the server under that id:

~~~php
session_start();

$_SESSION['views'] = ($_SESSION['views'] ?? 0) + 1;
echo 'Pages seen this visit: ' . $_SESSION['views'];
~~~

Call \`session_start()\` before any output.

## Passwords

Never store a password itself. Store a slow, salted hash, and let PHP do it right:

~~~php
$hash = password_hash($password, PASSWORD_DEFAULT);   // when signing up

if (password_verify($attempt, $hash)) {               // when signing in
    session_regenerate_id(true);                      // a new id against session fixation
    $_SESSION['user_id'] = $userId;
}
~~~

Forms that change data also need protection against cross-site request forgery: a random token stored in the session and sent in a hidden field, compared with \`hash_equals\` on submit.`,
          },
        },
      ],
    },
    {
      id: 'c-06-2',
      title: 'Working with MySQL',
      lessons: [
        {
          id: 'c-06-2-1',
          title: 'Designing a table',
          minutes: 7,
          content: {
            kind: 'reading',
            markdown: `## Tables, rows and columns

A relational database stores data in **tables**. Each row is one thing (one book), each column one fact about it (its title). Every column has a type, and the database refuses values that don't fit.

~~~sql
CREATE DATABASE shop CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
USE shop;

CREATE TABLE books (
  id INT UNSIGNED AUTO_INCREMENT PRIMARY KEY,
  title VARCHAR(200) NOT NULL,
  author VARCHAR(120) NOT NULL,
  price DECIMAL(8, 2) NOT NULL,
  stock INT UNSIGNED NOT NULL DEFAULT 0,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
~~~

## Choosing types

- **INT** for whole numbers, **UNSIGNED** when they can't be negative.
- **DECIMAL(8, 2)** for money: exact, unlike **FLOAT**, which rounds (0.1 + 0.2 is not exactly 0.3).
- **VARCHAR(n)** for text with a maximum length, **TEXT** for long text.
- **utf8mb4** is MySQL's full UTF-8, including emoji. The older \`utf8\` is not.

## Keys

The **primary key** identifies each row. \`AUTO_INCREMENT\` numbers new rows for you. \`NOT NULL\` makes a column required.

A **foreign key** links tables and keeps the links valid:

~~~sql
CREATE TABLE reviews (
  id INT UNSIGNED AUTO_INCREMENT PRIMARY KEY,
  book_id INT UNSIGNED NOT NULL,
  rating TINYINT UNSIGNED NOT NULL,
  body TEXT NOT NULL,
  FOREIGN KEY (book_id) REFERENCES books (id) ON DELETE CASCADE
);
~~~

MySQL now refuses a review for a book that doesn't exist, and deleting a book deletes its reviews.

## Basic queries

~~~sql
INSERT INTO books (title, author, price, stock) VALUES ('Dune', 'Frank Herbert', 9.99, 3);
SELECT id, title, price FROM books WHERE stock > 0 ORDER BY title;
UPDATE books SET stock = stock - 1 WHERE id = 1 AND stock > 0;
DELETE FROM books WHERE id = 1;
~~~

An \`UPDATE\` or \`DELETE\` without a \`WHERE\` changes **every** row; check the \`WHERE\` before running one.`,
          },
        },
        {
          id: 'c-06-2-2',
          title: 'PDO and prepared statements',
          minutes: 10,
          content: {
            kind: 'reading',
            markdown: `## Connecting

PDO is PHP's standard database layer. Create one connection per request, with errors as exceptions:

~~~php
<?php
declare(strict_types=1);

$pdo = new PDO(
    'mysql:host=127.0.0.1;dbname=shop;charset=utf8mb4',
    getenv('DB_USER') ?: 'shop',
    getenv('DB_PASSWORD') ?: '',
    [
        PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,
        PDO::ATTR_DEFAULT_FETCH_MODE => PDO::FETCH_ASSOC,
        PDO::ATTR_EMULATE_PREPARES => false,
    ],
);
~~~

Keep the credentials out of the code, in environment variables or a config file outside the web root.

## SQL injection

Never build SQL by pasting input into a string:

~~~php
// DANGEROUS: id=0 OR 1=1 would match every row
$rows = $pdo->query("SELECT * FROM books WHERE id = " . $_GET['id']);
~~~

Whatever the user sends becomes part of your SQL, and an attacker can read or delete anything.

## Prepared statements

Send the SQL with placeholders, and the values separately. The database never confuses values with SQL:

~~~php
$stmt = $pdo->prepare('SELECT id, title, price FROM books WHERE id = :id');
$stmt->execute(['id' => (int) ($_GET['id'] ?? 0)]);
$book = $stmt->fetch();   // an array, or false if there is no such row

if ($book === false) {
    http_response_code(404);
    exit('Book not found');
}
~~~

Inserting works the same way, and \`lastInsertId\` returns the new id:

~~~php
$stmt = $pdo->prepare('INSERT INTO books (title, author, price) VALUES (?, ?, ?)');
$stmt->execute([$title, $author, $price]);
$id = (int) $pdo->lastInsertId();
~~~

Placeholders stand for **values** only. Table or column names cannot be parameters; if a user chooses the sort column, pick it from a fixed list in your code.

## Transactions

When several statements must all succeed or all fail, wrap them in a transaction:

~~~php
$pdo->beginTransaction();
try {
    $pdo->prepare('UPDATE books SET stock = stock - 1 WHERE id = ? AND stock > 0')
        ->execute([$bookId]);
    $pdo->prepare('INSERT INTO orders (book_id) VALUES (?)')->execute([$bookId]);
    $pdo->commit();
} catch (Throwable $e) {
    $pdo->rollBack();
    throw $e;
}
~~~`,
          },
        },
        quizLesson({
          id: 'c-06-2-3',
          title: 'Quiz: safe PHP and MySQL',
          minutes: 5,
          passPercent: 75,
          markdown: 'Four questions on forms, sessions and database access.',
          questions: [
            {
              prompt: 'Which stops SQL injection?',
              choices: [
                'Prepared statements with placeholders for values',
                'Removing quotes from the input',
                'Using POST instead of GET',
              ],
              answers: [0],
            },
            {
              prompt: 'Which practices protect users against XSS and stolen accounts?',
              choices: [
                'Escaping output with htmlspecialchars',
                'Storing passwords with password_hash',
                'Storing passwords encrypted with md5',
                'Regenerating the session id after sign-in',
              ],
              answers: [0, 1, 3],
            },
            {
              prompt: 'Which MySQL type should hold a price?',
              choices: ['FLOAT', 'DECIMAL(8, 2)', 'VARCHAR(10)', 'INT'],
              answers: [1],
            },
            {
              prompt: 'Why redirect after a form POST succeeds?',
              choices: [
                'So a reload does not submit the form again',
                'Because PHP cannot output a page after a POST',
                'To make the page load faster',
              ],
              answers: [0],
            },
          ],
        }),
      ],
    },
  ],
};
