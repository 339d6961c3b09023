import { quizLesson, type SeedCourse } from './seed-course';

export const course: SeedCourse = {
  id: 'c-05',
  summary:
    'Start programming with Python: variables, decisions, loops, lists and dictionaries, functions, and small programs that read and write files.',
  description: `Python is one of the easiest languages to start with and one of the most useful to know: it runs websites, automates chores, and is the language of data science.

This course assumes no programming experience at all. You install Python, write your first lines in the interactive shell, and learn the handful of ideas every program is made of: values, decisions, repetition, collections and functions.

By the end you will write small, complete programs that read input, work with files and handle mistakes gracefully.`,
  outcomes: [
    'Install Python and run code in the shell and from files',
    'Use numbers, strings, booleans and variables',
    'Make decisions with if, elif and else',
    'Repeat work with for and while loops',
    'Store data in lists and dictionaries',
    'Write functions, read files and handle errors',
  ],
  sections: [
    {
      id: 'c-05-1',
      title: 'First steps',
      lessons: [
        {
          id: 'c-05-1-1',
          title: 'Installing Python and your first program',
          minutes: 7,
          preview: true,
          content: {
            kind: 'reading',
            markdown: `## Installing

Download Python 3 from python.org (on Windows, tick "Add python.exe to PATH" in the installer). macOS and Linux users can also use their package manager. Check it works in a terminal:

~~~bash
python3 --version
~~~

On Windows the command is usually \`python\` or \`py\`.

## The interactive shell

Type \`python3\` and press Enter. The \`>>>\` prompt runs each line as soon as you press Enter, which is perfect for trying things:

~~~python
>>> 2 + 3
5
>>> "Hello" + " " + "world"
'Hello world'
>>> 7 / 2
3.5
>>> 7 // 2
3
~~~

Leave the shell with \`exit()\`.

## A program in a file

Create \`hello.py\` in any text editor (VS Code with the Python extension is a good choice):

~~~python
name = input("What is your name? ")
print("Hello,", name)
print(f"Your name has {len(name)} letters.")
~~~

Run it from the terminal, in the folder where you saved it:

~~~bash
python3 hello.py
~~~

## What is happening

- \`input()\` shows a prompt and returns what the user types, always as a **string**.
- \`print()\` writes its arguments, separated by spaces.
- \`len()\` counts the characters of a string.
- An **f-string** (\`f"..."\`) puts the value of anything in braces into the text.

Python runs the lines from top to bottom, one at a time. If a line has a mistake, Python stops and prints an **error message** (a traceback). Read it from the bottom: the last line says what went wrong, the lines above say where. Errors are normal: every programmer sees dozens a day.

## Comments

Anything after \`#\` on a line is a comment, ignored by Python. Use comments to explain **why** the code does something.`,
          },
        },
        {
          id: 'c-05-1-2',
          title: 'Values, variables and types',
          minutes: 8,
          content: {
            kind: 'reading',
            markdown: `## Variables are names

A variable is a name that refers to a value. You create one by assigning with \`=\`:

~~~python
price = 12.5
quantity = 3
total = price * quantity
print(total)  # 37.5
~~~

Names use lowercase letters, digits and underscores (\`unit_price\`), and cannot start with a digit. Choose names that say what the value means.

## The basic types

~~~python
age = 42            # int: a whole number
height = 1.75       # float: a decimal number
name = "Ada"        # str: text, in single or double quotes
is_member = True    # bool: True or False
nothing = None      # None: "no value"

print(type(age))    # <class 'int'>
~~~

## Converting between types

\`input()\` always returns a string. To do arithmetic with what the user typed, convert it:

~~~python
text = input("How many tickets? ")
tickets = int(text)
print(f"That costs {tickets * 9.5:.2f} euros")
~~~

\`int("3")\` is \`3\`, \`float("2.5")\` is \`2.5\`, \`str(10)\` is \`"10"\`. Converting text that isn't a number raises a \`ValueError\`; you will learn to handle that later. The \`:.2f\` in the f-string formats the number with two decimals.

## Working with strings

~~~python
title = "  python basics  "
clean = title.strip()          # "python basics"
print(clean.upper())           # PYTHON BASICS
print(clean.title())           # Python Basics
print(clean.replace("basics", "rocks"))
print("py" in clean)           # True
print(clean[0], clean[-1])     # p s
~~~

Strings are **immutable**: methods like \`upper()\` return a new string, so assign the result if you want to keep it.

## Arithmetic

\`+ - * /\` work as you expect; \`/\` always gives a float. \`//\` divides and rounds down, \`%\` gives the remainder, and \`**\` is a power: \`2 ** 10\` is \`1024\`. Python follows the usual order of operations, and parentheses make your intention clear.`,
          },
        },
        {
          id: 'c-05-1-3',
          title: 'Decisions and loops',
          minutes: 10,
          content: {
            kind: 'reading',
            markdown: `## if, elif, else

A program chooses what to do with \`if\`. The indented block below it runs only when the condition is true. Python uses **indentation** (4 spaces) to group lines, so it is not optional.

~~~python
temperature = int(input("Temperature in °C: "))

if temperature >= 30:
    print("Hot! Drink water.")
elif temperature >= 15:
    print("Nice weather.")
else:
    print("Take a jacket.")
~~~

Conditions use the comparisons \`==\`, \`!=\`, \`<\`, \`<=\`, \`>\`, \`>=\`, combined with \`and\`, \`or\` and \`not\`. Note that \`=\` assigns and \`==\` compares.

## for loops

A \`for\` loop runs its block once for each item of a sequence:

~~~python
for letter in "abc":
    print(letter)

for n in range(1, 6):      # 1, 2, 3, 4, 5: the end is excluded
    print(n, "squared is", n ** 2)
~~~

Adding up as you go is a common pattern:

~~~python
total = 0
for n in range(1, 101):
    total += n
print(total)  # 5050
~~~

## while loops

A \`while\` loop repeats as long as its condition is true. Use it when you don't know in advance how many times:

~~~python
secret = 7
guess = 0
while guess != secret:
    guess = int(input("Guess a number from 1 to 10: "))
    if guess < secret:
        print("Higher!")
    elif guess > secret:
        print("Lower!")
print("You got it!")
~~~

Make sure something in the loop eventually makes the condition false, or it runs forever (press Ctrl+C to stop it).

## break and continue

\`break\` leaves the loop at once; \`continue\` skips to the next round:

~~~python
for n in range(1, 20):
    if n % 2 == 0:
        continue   # skip even numbers
    if n > 9:
        break      # stop after 9
    print(n)       # 1 3 5 7 9
~~~`,
          },
        },
      ],
    },
    {
      id: 'c-05-2',
      title: 'Organising data and code',
      lessons: [
        {
          id: 'c-05-2-1',
          title: 'Lists and dictionaries',
          minutes: 10,
          content: {
            kind: 'reading',
            markdown: `## Lists

A list holds items in order. Its positions (indexes) start at 0:

~~~python
shopping = ["milk", "eggs", "bread"]
shopping.append("apples")
print(shopping[0])      # milk
print(shopping[-1])     # apples: negative indexes count from the end
print(len(shopping))    # 4
shopping.remove("eggs")
print("milk" in shopping)  # True

for item in shopping:
    print("-", item)
~~~

Slices take part of a list: \`shopping[1:3]\` is the items at positions 1 and 2. \`sorted(shopping)\` returns a sorted copy; \`shopping.sort()\` sorts the list itself.

## Building lists

A **list comprehension** builds a new list from another in one line:

~~~python
prices = [4.5, 12.0, 7.25]
with_tax = [round(p * 1.2, 2) for p in prices]      # [5.4, 14.4, 8.7]
cheap = [p for p in prices if p < 10]                # [4.5, 7.25]
print(sum(prices), min(prices), max(prices))
~~~

## Dictionaries

A dictionary maps **keys** to **values**, like a word to its definition. Looking up by key is fast, whatever the size:

~~~python
stock = {"apples": 10, "pears": 0}
stock["plums"] = 25          # add or replace
print(stock["apples"])       # 10
print(stock.get("kiwis", 0)) # 0: a default instead of an error

for fruit, count in stock.items():
    print(f"{fruit}: {count}")
~~~

Reading a missing key with \`stock["kiwis"]\` raises a \`KeyError\`; \`get\` avoids it.

## Counting with a dictionary

~~~python
text = "the cat and the hat"
counts = {}
for word in text.split():
    counts[word] = counts.get(word, 0) + 1
print(counts)  # {'the': 2, 'cat': 1, 'and': 1, 'hat': 1}
~~~

## Tuples and sets

A **tuple** \`(3, 4)\` is like a list that cannot change, handy for fixed pairs such as coordinates. A **set** \`{"a", "b"}\` holds unique items without order: \`set(["a", "a", "b"])\` is \`{"a", "b"}\`. Choose a list for order, a dictionary for lookup by name, a set for "have I seen this?".`,
          },
        },
        {
          id: 'c-05-2-2',
          title: 'Functions',
          minutes: 8,
          content: {
            kind: 'reading',
            markdown: `## Naming a piece of work

A function groups lines under a name, so you can run them whenever you need, with different inputs. Define it with \`def\`:

~~~python
def average(numbers):
    """Return the mean of a non-empty list of numbers."""
    return sum(numbers) / len(numbers)


marks = [12, 15, 18]
print(average(marks))  # 15.0
~~~

- The values in parentheses are **parameters**; the values you pass when calling are **arguments**.
- \`return\` sends a result back to the caller and ends the function. A function without \`return\` returns \`None\`.
- The string under the \`def\` line is a **docstring**: it documents the function, and \`help(average)\` shows it.

## Default and keyword arguments

~~~python
def greet(name, greeting="Hello"):
    return f"{greeting}, {name}!"


print(greet("Ada"))                    # Hello, Ada!
print(greet("Ada", greeting="Hi"))     # Hi, Ada!
~~~

Keyword arguments (\`greeting="Hi"\`) make calls readable, especially with several parameters.

## Return, don't print

A function that returns its result can be reused: printed, saved, tested or combined with other functions. A function that only prints cannot. Keep input and output at the edges of your program and calculations in functions.

~~~python
def price_with_vat(price, rate=0.2):
    return round(price * (1 + rate), 2)


assert price_with_vat(10) == 12.0
assert price_with_vat(10, rate=0.05) == 10.5
~~~

\`assert\` stops the program if its condition is false: a quick way to check a function does what you think.

## Scope

Variables created inside a function are **local**: they exist only while it runs and don't clash with names elsewhere. Pass what a function needs as arguments and return what it produces, rather than changing variables outside it.

## Modules

Python comes with many ready-made functions in its standard library. Import a module to use them:

~~~python
import random
from math import sqrt

print(random.randint(1, 6))  # a dice roll
print(sqrt(16))              # 4.0
~~~`,
          },
        },
        {
          id: 'c-05-2-3',
          title: 'Files and errors',
          minutes: 9,
          content: {
            kind: 'reading',
            markdown: `## Writing and reading a file

\`open\` gives you a file; the \`with\` block closes it for you when it ends, even if an error happens:

~~~python
with open("todo.txt", "w", encoding="utf-8") as file:
    file.write("buy milk\\n")
    file.write("call grandma\\n")

with open("todo.txt", encoding="utf-8") as file:
    for line in file:
        print("-", line.strip())
~~~

Mode \`"w"\` creates or **overwrites** the file, \`"a"\` appends to it, and the default \`"r"\` reads. \`strip()\` removes the line break at the end of each line. Always give an encoding; UTF-8 handles every language.

## CSV files

The \`csv\` module reads spreadsheets saved as CSV:

~~~python
import csv

with open("scores.csv", newline="", encoding="utf-8") as file:
    for row in csv.DictReader(file):
        print(row["name"], int(row["score"]))
~~~

\`DictReader\` uses the first line as column names, so each row is a dictionary.

## Handling errors

When something goes wrong, Python raises an **exception**. If nothing handles it, the program stops. \`try\` and \`except\` let you handle the errors you expect:

~~~python
while True:
    text = input("Your age: ")
    try:
        age = int(text)
        break
    except ValueError:
        print(f"'{text}' is not a whole number, try again.")

print(f"Next year you will be {age + 1}.")
~~~

~~~python
try:
    with open("settings.txt", encoding="utf-8") as file:
        settings = file.read()
except FileNotFoundError:
    settings = ""
~~~

## Good habits

- Catch **specific** exceptions (\`ValueError\`, \`FileNotFoundError\`), never a bare \`except:\` that would hide real bugs.
- Keep the \`try\` block small: only the line that may fail.
- Let unexpected errors stop the program with their traceback; it tells you exactly what to fix.`,
          },
        },
        quizLesson({
          id: 'c-05-2-4',
          title: 'Quiz: Python basics',
          minutes: 5,
          passPercent: 60,
          markdown: 'Five questions on the whole course. Some have several right answers.',
          questions: [
            {
              prompt: 'What type does input() return?',
              choices: ['int', 'str', 'float', 'It depends on what the user types'],
              answers: [1],
            },
            {
              prompt: 'Which numbers does range(1, 5) produce?',
              choices: ['1, 2, 3, 4', '1, 2, 3, 4, 5', '0, 1, 2, 3, 4'],
              answers: [0],
            },
            {
              prompt: 'stock = {"apples": 10}. Which expressions are safe to evaluate?',
              choices: [
                'stock["apples"]',
                'stock["kiwis"]',
                'stock.get("kiwis", 0)',
                '"kiwis" in stock',
              ],
              answers: [0, 2, 3],
            },
            {
              prompt: 'What does a function without a return statement return?',
              choices: ['0', 'An empty string', 'None', 'Nothing: calling it is an error'],
              answers: [2],
            },
            {
              prompt: 'Which are good habits when handling errors?',
              choices: [
                'Catch specific exceptions such as ValueError',
                'Wrap the whole program in a bare except: so it never stops',
                'Keep the try block as small as possible',
                'Open files with a with block',
              ],
              answers: [0, 2, 3],
            },
          ],
        }),
      ],
    },
  ],
};
