import { quizLesson, type SeedCourse } from './seed-course';

export const course: SeedCourse = {
  id: 'c-09',
  summary:
    'Query and shape data with SQL: SELECT and filtering, joins, grouping and aggregates, subqueries, and designing tables with keys and indexes.',
  description: `SQL is the language of relational databases, and it has outlived every trend for fifty years. Analysts use it to answer questions; developers use it to store and fetch application data.

This course works on one small shop database throughout: customers, products and orders. You learn to read data with SELECT, combine tables with joins, summarise with GROUP BY, and change data safely with transactions.

The final lessons cover design: keys, constraints and indexes that keep data correct and queries fast. Examples use standard SQL and run in PostgreSQL; most of them also run in SQLite and MySQL.`,
  outcomes: [
    'Filter, sort and limit rows with SELECT',
    'Combine tables with inner and left joins',
    'Summarise data with GROUP BY, aggregates and HAVING',
    'Use subqueries and common table expressions',
    'Insert, update and delete rows inside transactions',
    'Design tables with keys and constraints, and speed up queries with indexes',
  ],
  sections: [
    {
      id: 'c-09-1',
      title: 'Asking questions',
      lessons: [
        {
          id: 'c-09-1-1',
          title: 'Tables and your first SELECT',
          minutes: 7,
          preview: true,
          content: {
            kind: 'reading',
            markdown: `## The shop database

A relational database keeps data in **tables** of rows and columns. Our shop has three:

~~~sql
CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  country TEXT NOT NULL
);

CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  price NUMERIC(8, 2) NOT NULL
);

CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id),
  product_id INTEGER NOT NULL REFERENCES products (id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  ordered_on DATE NOT NULL
);

INSERT INTO customers (id, name, country) VALUES
  (1, 'Ada', 'UK'), (2, 'Grace', 'US'), (3, 'Linus', 'FI');
INSERT INTO products (id, name, price) VALUES
  (1, 'Notebook', 4.50), (2, 'Pen', 1.20), (3, 'Backpack', 39.00);
INSERT INTO orders (id, customer_id, product_id, quantity, ordered_on) VALUES
  (1, 1, 1, 3, '2024-03-01'), (2, 1, 3, 1, '2024-03-05'), (3, 2, 2, 10, '2024-03-06');
~~~

You can run these examples with SQLite (\`sqlite3 shop.db\`) or PostgreSQL (\`psql\`).

## SELECT

~~~sql
SELECT name, price
FROM products
WHERE price < 10
ORDER BY price DESC;
~~~

Read it in the order the database works: take the rows **FROM** products, keep those **WHERE** the price is under 10, pick the columns of the **SELECT**, then **ORDER BY** price, highest first. The result is itself a table: Notebook 4.50, then Pen 1.20.

## Filtering

~~~sql
SELECT * FROM customers WHERE country IN ('UK', 'FI');
SELECT * FROM products WHERE name LIKE 'B%';          -- starts with B
SELECT * FROM orders WHERE ordered_on BETWEEN '2024-03-01' AND '2024-03-05';
SELECT * FROM customers WHERE country <> 'US' AND name <> 'Ada';
~~~

\`SELECT *\` returns every column: handy for exploring, but name the columns in application code so a new column doesn't change your results.

## NULL

\`NULL\` means "unknown". Any comparison with it is unknown too, so \`WHERE country = NULL\` matches nothing. Use \`IS NULL\` and \`IS NOT NULL\`.

## LIMIT

\`LIMIT 10\` returns at most ten rows. Always pair it with \`ORDER BY\`: without one, the database may return rows in any order.`,
          },
        },
        {
          id: 'c-09-1-2',
          title: 'Joins',
          minutes: 10,
          content: {
            kind: 'reading',
            markdown: `## Why several tables

An order stores \`customer_id\`, not the customer's name. Each fact lives in one place, so renaming a customer is one update. To see names and orders together, you **join** the tables.

## INNER JOIN

~~~sql
SELECT c.name AS customer, p.name AS product, o.quantity
FROM orders AS o
JOIN customers AS c ON c.id = o.customer_id
JOIN products AS p ON p.id = o.product_id
ORDER BY o.ordered_on;
~~~

~~~text
 customer | product  | quantity
----------+----------+----------
 Ada      | Notebook |        3
 Ada      | Backpack |        1
 Grace    | Pen      |       10
~~~

\`JOIN\` (short for \`INNER JOIN\`) pairs each order with the customer whose \`id\` matches, and keeps only rows that found a partner. The **aliases** \`o\`, \`c\` and \`p\` keep the query short and make clear which table each column comes from; both customers and products have a \`name\`, so the prefix is required.

## LEFT JOIN

Linus has no orders, so the inner join above leaves him out. A \`LEFT JOIN\` keeps every row of the left table and fills the missing side with \`NULL\`:

~~~sql
SELECT c.name, o.id AS order_id
FROM customers AS c
LEFT JOIN orders AS o ON o.customer_id = c.id
ORDER BY c.name;
~~~

Linus appears once, with a \`NULL\` order id. That makes the left join the tool for "who has **no** orders?":

~~~sql
SELECT c.name
FROM customers AS c
LEFT JOIN orders AS o ON o.customer_id = c.id
WHERE o.id IS NULL;
~~~

## Computed columns

Expressions work anywhere a column does:

~~~sql
SELECT o.id, p.name, o.quantity * p.price AS line_total
FROM orders AS o
JOIN products AS p ON p.id = o.product_id;
~~~

## Watch the ON clause

Forgetting the \`ON\` condition, or joining on the wrong column, pairs every row with every other (a cross join): three orders times three customers give nine rows of nonsense. If a join returns more rows than you expected, check the \`ON\` clause first.`,
          },
        },
        {
          id: 'c-09-1-3',
          title: 'Grouping and aggregates',
          minutes: 9,
          content: {
            kind: 'reading',
            markdown: `## Aggregate functions

Aggregates turn many rows into one value:

~~~sql
SELECT COUNT(*) AS orders, SUM(quantity) AS items, MAX(ordered_on) AS latest
FROM orders;
~~~

\`COUNT(*)\` counts rows; \`COUNT(column)\` counts rows where that column is not \`NULL\`. \`SUM\`, \`AVG\`, \`MIN\` and \`MAX\` ignore \`NULL\`s.

## GROUP BY

\`GROUP BY\` makes one group per distinct value and computes the aggregates per group:

~~~sql
SELECT c.name, COUNT(o.id) AS orders, COALESCE(SUM(o.quantity * p.price), 0) AS spent
FROM customers AS c
LEFT JOIN orders AS o ON o.customer_id = c.id
LEFT JOIN products AS p ON p.id = o.product_id
GROUP BY c.id, c.name
ORDER BY spent DESC;
~~~

~~~text
 name  | orders | spent
-------+--------+-------
 Ada   |      2 | 52.50
 Grace |      1 | 12.00
 Linus |      0 |     0
~~~

Every column in the \`SELECT\` must either be in the \`GROUP BY\` or inside an aggregate: the database cannot guess which of a group's many values you want. \`COUNT(o.id)\` gives Linus 0, where \`COUNT(*)\` would count his one row of \`NULL\`s as 1. \`COALESCE\` replaces his \`NULL\` sum with 0.

## HAVING

\`WHERE\` filters rows **before** grouping; \`HAVING\` filters groups **after**:

~~~sql
SELECT customer_id, SUM(quantity) AS items
FROM orders
WHERE ordered_on >= '2024-03-01'
GROUP BY customer_id
HAVING SUM(quantity) >= 5;
~~~

This finds customers who bought five items or more since March 1st: only Grace, with 10.

## The order of a query

The database evaluates a query in this order, which explains most "why can't I use that here" errors:

1. \`FROM\` and the joins
2. \`WHERE\`
3. \`GROUP BY\`
4. \`HAVING\`
5. \`SELECT\`
6. \`ORDER BY\`
7. \`LIMIT\`

An alias defined in \`SELECT\` therefore cannot be used in \`WHERE\`, but can be used in \`ORDER BY\`.`,
          },
        },
        quizLesson({
          id: 'c-09-1-4',
          title: 'Quiz: querying',
          minutes: 5,
          passPercent: 75,
          markdown: 'Four questions on SELECT, joins and grouping, using the shop database.',
          questions: [
            {
              prompt: 'Which condition finds customers without a country?',
              choices: ['country = NULL', 'country IS NULL', "country = ''", 'NOT country'],
              answers: [1],
            },
            {
              prompt: 'Which query lists every customer, including those with no orders?',
              choices: [
                'customers JOIN orders',
                'customers LEFT JOIN orders',
                'orders LEFT JOIN customers',
              ],
              answers: [1],
            },
            {
              prompt: 'Where can you filter on SUM(quantity)?',
              choices: ['WHERE', 'HAVING', 'GROUP BY', 'FROM'],
              answers: [1],
            },
            {
              prompt: 'Which statements about aggregates are true?',
              choices: [
                'COUNT(*) counts rows, NULLs included',
                'COUNT(column) skips rows where the column is NULL',
                'AVG treats NULL as 0',
                'A selected column must be grouped or aggregated',
              ],
              answers: [0, 1, 3],
            },
          ],
        }),
      ],
    },
    {
      id: 'c-09-2',
      title: 'Changing and designing data',
      lessons: [
        {
          id: 'c-09-2-1',
          title: 'Subqueries and CTEs',
          minutes: 8,
          content: {
            kind: 'reading',
            markdown: `## A query inside a query

A **subquery** is a SELECT used as a value, a list or a table inside another query.

Products priced above the average:

~~~sql
SELECT name, price
FROM products
WHERE price > (SELECT AVG(price) FROM products);
~~~

The inner query returns a single value, 14.90, which the outer \`WHERE\` compares against: only the Backpack qualifies.

Customers who ordered a backpack, with \`IN\` and a list:

~~~sql
SELECT name
FROM customers
WHERE id IN (
  SELECT o.customer_id
  FROM orders AS o
  JOIN products AS p ON p.id = o.product_id
  WHERE p.name = 'Backpack'
);
~~~

## EXISTS

\`EXISTS\` asks whether a subquery returns any row at all. It often reads more naturally than a join for yes/no questions:

~~~sql
SELECT c.name
FROM customers AS c
WHERE NOT EXISTS (
  SELECT 1 FROM orders AS o WHERE o.customer_id = c.id
);
~~~

This subquery is **correlated**: it refers to \`c\` from the outer query, so it is evaluated for each customer. The result is Linus again. Prefer \`NOT EXISTS\` to \`NOT IN\` when the subquery's column may contain \`NULL\`: a single \`NULL\` makes \`NOT IN\` match nothing.

## Common table expressions

A **CTE**, introduced by \`WITH\`, names a subquery so you can build a query in readable steps:

~~~sql
WITH spending AS (
  SELECT o.customer_id, SUM(o.quantity * p.price) AS spent
  FROM orders AS o
  JOIN products AS p ON p.id = o.product_id
  GROUP BY o.customer_id
)
SELECT c.name, s.spent
FROM spending AS s
JOIN customers AS c ON c.id = s.customer_id
WHERE s.spent > (SELECT AVG(spent) FROM spending);
~~~

Each step has a name and can be checked on its own: run the CTE's SELECT alone first to see what it returns. Here, the average spending is 32.25, and only Ada, at 52.50, spent more.

## Window functions

Window functions compute over related rows without collapsing them, such as a running total or a rank:

~~~sql
SELECT id, ordered_on, quantity,
       SUM(quantity) OVER (ORDER BY ordered_on) AS running_items
FROM orders;
~~~`,
          },
        },
        {
          id: 'c-09-2-2',
          title: 'Changing data safely',
          minutes: 8,
          content: {
            kind: 'reading',
            markdown: `## INSERT, UPDATE, DELETE

~~~sql
INSERT INTO products (id, name, price) VALUES (4, 'Stapler', 7.90);

UPDATE products SET price = price * 1.10 WHERE id = 4;

DELETE FROM products WHERE id = 4;
~~~

\`UPDATE\` and \`DELETE\` change **every** row that matches the \`WHERE\`, and every row of the table if you forget it. A good habit: write the \`WHERE\` first as a \`SELECT\`, check which rows it returns, then turn it into the update.

PostgreSQL and SQLite can return the rows they changed, which saves a second query:

~~~sql
INSERT INTO customers (id, name, country) VALUES (4, 'Margaret', 'US') RETURNING id, name;
~~~

## Transactions

Placing an order may touch several rows and tables: each product ordered, the stock, the payment. Either all of those changes happen or none of them should. Here Linus orders two pens and a notebook at once: A **transaction** groups statements into one all-or-nothing unit:

~~~sql
BEGIN;
INSERT INTO orders (id, customer_id, product_id, quantity, ordered_on)
VALUES (4, 3, 2, 2, '2024-03-07');
INSERT INTO orders (id, customer_id, product_id, quantity, ordered_on)
VALUES (5, 3, 1, 1, '2024-03-07');
COMMIT;
~~~

If anything fails before \`COMMIT\`, run \`ROLLBACK\` and the database is exactly as before. Until the commit, other connections don't see the changes. This is the **A** (atomicity) and **I** (isolation) of ACID; **D** (durability) means that once committed, the data survives a crash.

## Never paste input into SQL

From application code, pass values as **parameters**, never by building the SQL string yourself:

~~~js
// node-postgres
const result = await pool.query('SELECT id, name FROM customers WHERE country = $1', [country]);
~~~

With string concatenation, input such as \`' OR '1'='1\` becomes part of the query: that is SQL injection, still one of the most common security holes. Every database driver supports parameters; use them for every value.

## Upserts

"Insert, or update if it already exists" is one statement in PostgreSQL and SQLite:

~~~sql
INSERT INTO products (id, name, price) VALUES (2, 'Pen', 1.30)
ON CONFLICT (id) DO UPDATE SET price = excluded.price;
~~~`,
          },
        },
        {
          id: 'c-09-2-3',
          title: 'Keys, constraints and indexes',
          minutes: 9,
          content: {
            kind: 'reading',
            markdown: `## Let the database guard the rules

Application code has bugs; constraints don't forget. Declare your rules in the schema and the database refuses bad data, whatever program writes it:

~~~sql
CREATE TABLE accounts (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  balance_cents BIGINT NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE transfers (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  amount_cents BIGINT NOT NULL CHECK (amount_cents <> 0)
);
~~~

(This example is PostgreSQL; other databases spell identity columns and time stamps differently.)

- **PRIMARY KEY**: unique and not null; identifies each row.
- **FOREIGN KEY** (\`REFERENCES\`): a transfer must belong to an existing account. \`ON DELETE CASCADE\` deletes an account's transfers with it; the default refuses to delete an account that still has some.
- **UNIQUE**: no two accounts with the same email, even when two requests race.
- **NOT NULL** and **CHECK**: required values and simple rules.

## Normalisation in one sentence

Store each fact once: a customer's name in \`customers\`, not copied into every order. Duplicated facts drift apart, and then nobody knows which copy is right.

## Indexes

Without an index, finding rows means reading the whole table. An **index** is a sorted structure (usually a B-tree) that lets the database jump to the matching rows, like the index at the back of a book:

~~~sql
CREATE INDEX transfers_account_id_idx ON transfers (account_id);
~~~

Primary keys and unique columns are indexed automatically. Foreign key columns are **not** in PostgreSQL; index them when you filter or join on them, as you almost always do.

Indexes are not free: each one takes space and slows down inserts and updates a little. Add them for the queries you actually run.

## Reading the plan

\`EXPLAIN\` shows how the database will run a query:

~~~sql
EXPLAIN SELECT * FROM transfers WHERE account_id = 42;
~~~

A "Seq Scan" on a large table reads every row; after adding the index you should see an "Index Scan" or "Bitmap Index Scan" instead. \`EXPLAIN ANALYZE\` actually runs the query and reports the real times.`,
          },
        },
      ],
    },
  ],
};
