import { quizLesson, type SeedCourse } from './seed-course';

export const course: SeedCourse = {
  id: 'c-08',
  summary:
    'Get productive with C# and .NET: the dotnet CLI, types and classes, collections and LINQ, async/await, and a minimal web API.',
  description: `C# is a modern, statically typed language, and .NET is the free, cross-platform runtime it runs on, on Windows, macOS and Linux. Together they power web back-ends, desktop apps, games in Unity and cloud services.

This course takes you through the essentials: the dotnet command-line tool, the type system with classes and records, nullable reference types, collections with LINQ, asynchronous code with async/await, and finally a small web API with ASP.NET Core.

Some programming experience helps; examples target .NET 8 and run with the dotnet CLI.`,
  outcomes: [
    'Create, build and run projects with the dotnet CLI',
    'Use value and reference types, classes, records and properties',
    'Avoid null errors with nullable reference types',
    'Query collections with LINQ',
    'Write asynchronous code with async, await and Task',
    'Build a minimal web API with ASP.NET Core',
  ],
  sections: [
    {
      id: 'c-08-1',
      title: 'C# essentials',
      lessons: [
        {
          id: 'c-08-1-1',
          title: 'Getting started with .NET',
          minutes: 6,
          preview: true,
          content: {
            kind: 'reading',
            markdown: `## Install the SDK

Download the .NET SDK (8 or later) from dot.net. The SDK includes the compiler, the runtime and the \`dotnet\` command:

~~~bash
dotnet --version
~~~

## Create and run a project

~~~bash
dotnet new console -o Hello
cd Hello
dotnet run
~~~

\`dotnet new console\` creates two files: \`Hello.csproj\`, the project file that says which .NET version and packages to use, and \`Program.cs\`:

~~~csharp
Console.WriteLine("Hello, World!");
~~~

That one line is a whole program. With **top-level statements**, the compiler generates the \`Main\` method for you. Change it:

~~~csharp
Console.Write("Your name: ");
string? name = Console.ReadLine();
if (string.IsNullOrWhiteSpace(name))
{
    name = "stranger";
}
Console.WriteLine($"Hello, {name}! It is {DateTime.Now:HH:mm}.");
~~~

- \`$"..."\` is an **interpolated string**: expressions in braces are inserted, with an optional format after the colon.
- \`string?\` says the variable may be \`null\`: \`ReadLine\` returns \`null\` when input ends.
- Statements end with \`;\`, blocks use braces. By convention, braces go on their own line in C#.

## The toolbox

- \`dotnet build\` compiles; \`dotnet run\` builds and runs; \`dotnet watch\` reruns on every save.
- \`dotnet add package <Name>\` adds a library from NuGet, .NET's package registry.
- \`dotnet test\` runs the tests of a test project.
- Editors: Visual Studio, JetBrains Rider, or VS Code with the C# Dev Kit.

## How it runs

The compiler turns C# into intermediate language (IL). At run time, .NET's just-in-time compiler turns IL into machine code for the current processor, so the same build runs on any supported operating system. The runtime also manages memory with a garbage collector: you create objects with \`new\` and never free them yourself.`,
          },
        },
        {
          id: 'c-08-1-2',
          title: 'Types, classes and records',
          minutes: 10,
          content: {
            kind: 'reading',
            markdown: `## Built-in types

~~~csharp
int quantity = 3;
double ratio = 0.75;
decimal price = 9.99m;     // exact decimals: use it for money
bool inStock = true;
string title = "C# Basics";
var total = price * quantity;   // var infers decimal
~~~

**Value types** (\`int\`, \`double\`, \`decimal\`, \`bool\`, structs) hold their data directly and are copied on assignment. **Reference types** (classes, \`string\`, arrays) are objects on the heap; a variable holds a reference to them.

## Classes and properties

~~~csharp
// Account.cs
public class Account
{
    public string Owner { get; }
    public decimal Balance { get; private set; }

    public Account(string owner)
    {
        Owner = owner;
    }

    public void Deposit(decimal amount)
    {
        if (amount <= 0)
        {
            throw new ArgumentOutOfRangeException(nameof(amount), "Must be positive");
        }
        Balance += amount;
    }
}
~~~

~~~csharp
// Program.cs
var account = new Account("Ada");
account.Deposit(50m);
Console.WriteLine(account.Balance);   // 50
~~~

**Properties** look like fields from outside but are methods inside. \`{ get; private set; }\` lets anyone read \`Balance\`, but only the class can change it. Members are named in PascalCase.

## Records

A \`record\` is a class made for data: it gets a constructor, read-only properties, value equality and a readable \`ToString\`:

~~~csharp
var dune = new Book("Dune", "Frank Herbert", 9.99m);
var sale = dune with { Price = 4.99m };     // a copy with one change
Console.WriteLine(dune == new Book("Dune", "Frank Herbert", 9.99m));   // True
Console.WriteLine(sale);   // Book { Title = Dune, Author = Frank Herbert, Price = 4.99 }

// In a file with top-level statements, types are declared after them.
public record Book(string Title, string Author, decimal Price);
~~~

## Nullable reference types

New projects enable **nullable reference types**. A \`string\` must never be \`null\`; a \`string?\` may be, and the compiler warns if you use it without checking:

~~~csharp
string? FindEmail(string user) => user == "ada" ? "ada@example.com" : null;

string? email = FindEmail("bob");
Console.WriteLine(email?.Length ?? 0);   // 0: ?. and ?? handle null
if (email is not null)
{
    Console.WriteLine(email.ToUpper());   // safe: checked above
}
~~~

Treat these warnings as errors: they catch the \`NullReferenceException\`s that would otherwise crash at run time.`,
          },
        },
        {
          id: 'c-08-1-3',
          title: 'Collections and LINQ',
          minutes: 9,
          content: {
            kind: 'reading',
            markdown: `## Lists and dictionaries

~~~csharp
var names = new List<string> { "Grace", "Ada" };
names.Add("Linus");
names.Sort();
Console.WriteLine(string.Join(", ", names));   // Ada, Grace, Linus

var stock = new Dictionary<string, int>
{
    ["apples"] = 10,
    ["pears"] = 0,
};
stock["plums"] = 25;
if (stock.TryGetValue("kiwis", out int kiwis))
{
    Console.WriteLine(kiwis);
}
else
{
    Console.WriteLine("No kiwis");
}
~~~

\`TryGetValue\` avoids the \`KeyNotFoundException\` that \`stock["kiwis"]\` would throw. \`HashSet<T>\` holds unique items.

## LINQ

**LINQ** (Language Integrated Query) adds query methods to every collection. Add \`using System.Linq;\` if your project doesn't import it implicitly:

~~~csharp
var books = new List<Book>
{
    new("Dune", "Frank Herbert", 9.99m, 1965),
    new("Emma", "Jane Austen", 4.50m, 1815),
    new("Persuasion", "Jane Austen", 5.25m, 1817),
};

var cheap = books
    .Where(b => b.Price < 6m)
    .OrderBy(b => b.Year)
    .Select(b => b.Title)
    .ToList();                          // ["Emma", "Persuasion"]

decimal total = books.Sum(b => b.Price);            // 19.74
bool anyOld = books.Any(b => b.Year < 1900);        // true
Book? first = books.FirstOrDefault(b => b.Author == "Tolkien");   // null

var byAuthor = books
    .GroupBy(b => b.Author)
    .Select(g => new { Author = g.Key, Count = g.Count() });
foreach (var group in byAuthor)
{
    Console.WriteLine($"{group.Author}: {group.Count}");
}

public record Book(string Title, string Author, decimal Price, int Year);
~~~

## Deferred execution

A LINQ query like \`books.Where(...)\` doesn't run when you write it: it runs when you enumerate it (\`foreach\`, \`ToList()\`, \`Count()\`). Each enumeration runs it again. Call \`ToList()\` when you want the results computed once.

The same LINQ methods work on database queries with Entity Framework Core, which translates them into SQL.`,
          },
        },
      ],
    },
    {
      id: 'c-08-2',
      title: 'Asynchronous code and the web',
      lessons: [
        {
          id: 'c-08-2-1',
          title: 'async, await and Task',
          minutes: 9,
          content: {
            kind: 'reading',
            markdown: `## Don't block while waiting

Reading a file, calling a web service or querying a database means waiting. Blocking a thread during that wait wastes it: a web server would run out of threads, a desktop app would freeze. \`async\` and \`await\` let the thread do other work and resume your method when the result arrives.

~~~csharp
using var http = new HttpClient();

async Task<int> CountCharactersAsync(string url)
{
    string html = await http.GetStringAsync(url);
    return html.Length;
}

int length = await CountCharactersAsync("https://example.com");
Console.WriteLine($"{length} characters");
~~~

- An \`async\` method returns a \`Task\` (no result) or a \`Task<T>\` (a result of type T).
- \`await\` pauses the method until the task finishes, without blocking the thread, then unwraps the result. If the task failed, \`await\` rethrows its exception, so \`try\`/\`catch\` works as usual.
- By convention, async method names end in \`Async\`.

## Running tasks at the same time

Start the tasks first, then await them together:

~~~csharp
Task<string> a = http.GetStringAsync("https://example.com");
Task<string> b = http.GetStringAsync("https://example.org");
string[] pages = await Task.WhenAll(a, b);
~~~

The two downloads overlap; the total time is about that of the slower one.

## Cancellation

Long operations accept a \`CancellationToken\`, so callers can give up:

~~~csharp
using var cts = new CancellationTokenSource(TimeSpan.FromSeconds(5));
try
{
    string page = await http.GetStringAsync("https://example.com", cts.Token);
}
catch (OperationCanceledException)
{
    Console.WriteLine("Took too long");
}
~~~

## Pitfalls

- Never call \`.Result\` or \`.Wait()\` on a task: it blocks the thread and can deadlock. Use \`await\` all the way up.
- Avoid \`async void\` except for event handlers: nobody can await it or catch its exceptions.
- Reuse one \`HttpClient\` (or use \`IHttpClientFactory\`) rather than creating one per request.`,
          },
        },
        {
          id: 'c-08-2-2',
          title: 'A minimal web API',
          minutes: 10,
          content: {
            kind: 'reading',
            markdown: `## Create the project

~~~bash
dotnet new web -o BooksApi
cd BooksApi
dotnet run
~~~

ASP.NET Core's **minimal APIs** map routes to functions in a few lines. Replace \`Program.cs\`:

~~~csharp
using System.Collections.Concurrent;

var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

var books = new ConcurrentDictionary<int, Book>();
books[1] = new Book(1, "Dune", 9.99m);
var nextId = 1;

app.MapGet("/books", () => books.Values.OrderBy(b => b.Id));

app.MapGet("/books/{id:int}", (int id) =>
    books.TryGetValue(id, out var book) ? Results.Ok(book) : Results.NotFound());

app.MapPost("/books", (NewBook input) =>
{
    if (string.IsNullOrWhiteSpace(input.Title) || input.Price <= 0)
    {
        return Results.ValidationProblem(new Dictionary<string, string[]>
        {
            ["book"] = ["A title and a positive price are required"],
        });
    }
    var id = Interlocked.Increment(ref nextId);
    var book = new Book(id, input.Title.Trim(), input.Price);
    books[id] = book;
    return Results.Created($"/books/{id}", book);
});

app.Run();

record Book(int Id, string Title, decimal Price);
record NewBook(string Title, decimal Price);
~~~

## What the framework does

- **Routing**: \`{id:int}\` matches only integers; the value is bound to the \`id\` parameter.
- **Binding**: a record parameter such as \`NewBook\` is read from the JSON body. Invalid JSON is answered with 400 automatically.
- **Results**: \`Results.Ok\`, \`NotFound\`, \`Created\` and \`ValidationProblem\` set the status code and serialize the body as JSON (property names in camelCase).
- Requests are handled concurrently on many threads, which is why the example uses a \`ConcurrentDictionary\` and \`Interlocked\` rather than a plain dictionary and counter.

Try it:

~~~bash
curl -i -X POST http://localhost:5000/books -H "Content-Type: application/json" -d '{"title":"Emma","price":4.5}'
~~~

(\`dotnet run\` prints the actual port.)

## Dependency injection

Services are registered on \`builder.Services\` and injected into handlers as parameters. A real app registers its database context there, for example with Entity Framework Core, instead of keeping data in memory.`,
          },
        },
        quizLesson({
          id: 'c-08-2-3',
          title: 'Quiz: C# and .NET',
          minutes: 5,
          passPercent: 75,
          markdown: 'Four questions on the whole course.',
          questions: [
            {
              prompt: 'Which C# type should hold a price?',
              choices: ['double', 'float', 'decimal', 'int'],
              answers: [2],
            },
            {
              prompt: 'What do records give you that a plain class does not?',
              choices: [
                'Value equality: two records with equal values are ==',
                'Non-destructive copies with the with expression',
                'Faster execution',
                'A readable ToString',
              ],
              answers: [0, 1, 3],
            },
            {
              prompt: 'When does books.Where(b => b.Price < 10) run?',
              choices: [
                'Immediately, when the line runs',
                'When the query is enumerated, for example by ToList() or foreach',
                'Only once, the first time it is used',
              ],
              answers: [1],
            },
            {
              prompt: 'Which are good practices with async code?',
              choices: [
                'await tasks instead of calling .Result',
                'Use async void for library methods',
                'Start independent tasks, then await Task.WhenAll',
                'Pass a CancellationToken to long operations',
              ],
              answers: [0, 2, 3],
            },
          ],
        }),
      ],
    },
  ],
};
