import { quizLesson, type SeedCourse } from './seed-course';

export const course: SeedCourse = {
  id: 'c-07',
  summary:
    'Learn Java from the ground up: types, control flow, classes and objects, interfaces, collections and exceptions, with modern Java 21 features.',
  description: `Java is a statically typed, object-oriented language that runs on the Java Virtual Machine, from bank back-ends to Android apps. Its strict types and clear structure make it a solid first "serious" language.

This course covers the fundamentals every Java developer uses daily: primitive and reference types, control flow, classes and objects, interfaces, the collections framework and exceptions. Examples use Java 21 and run as single-file programs with the java command.

Some programming experience in any language helps, but every concept is explained from the start.`,
  outcomes: [
    'Compile and run Java programs with the JDK',
    'Use primitive types, strings and control flow',
    'Design classes with fields, constructors and methods',
    'Use interfaces, records and polymorphism',
    'Store data in List, Set and Map',
    'Handle errors with exceptions and try-with-resources',
  ],
  sections: [
    {
      id: 'c-07-1',
      title: 'The language',
      lessons: [
        {
          id: 'c-07-1-1',
          title: 'Hello, Java',
          minutes: 7,
          preview: true,
          content: {
            kind: 'reading',
            markdown: `## The JDK

Install a JDK (Java Development Kit), version 21 or later; Eclipse Temurin is a good free build. Check it:

~~~bash
java --version
~~~

## Your first program

Every Java program is made of classes, and execution starts in a \`main\` method:

~~~java
public class Hello {
    public static void main(String[] args) {
        String name = args.length > 0 ? args[0] : "world";
        System.out.println("Hello, " + name + "!");
    }
}
~~~

Save it as \`Hello.java\`: a public class must live in a file of the same name. Then:

~~~bash
javac Hello.java     # compiles to Hello.class (bytecode)
java Hello Ada       # runs it on the JVM: Hello, Ada!
~~~

Since Java 11 you can also run a single file directly with \`java Hello.java Ada\`, which compiles it in memory first.

## What you just wrote

- \`public class Hello\` declares a class, the unit of Java code.
- \`public static void main(String[] args)\` is the entry point. \`static\` means it belongs to the class, not to an object; \`void\` means it returns nothing; \`args\` holds the command-line arguments.
- \`System.out.println\` prints a line.
- Statements end with \`;\` and blocks are wrapped in braces.

## Compiled and typed

\`javac\` checks your whole program before it runs. Calling a method that doesn't exist, or passing a string where a number is expected, is a compile error, not a crash in production. The compiled bytecode then runs on any machine with a JVM, whatever its operating system.

## Tools

For anything bigger than one file, use an IDE (IntelliJ IDEA Community or VS Code with the Java extensions) and a build tool (Maven or Gradle), which compile your code, fetch libraries and run tests.`,
          },
        },
        {
          id: 'c-07-1-2',
          title: 'Types, variables and control flow',
          minutes: 9,
          content: {
            kind: 'reading',
            markdown: `## Primitive types

Java has eight primitive types. These four cover most needs:

~~~java
int count = 42;            // whole numbers, 32 bits
long population = 8_000_000_000L;
double price = 9.99;       // decimals (approximate)
boolean inStock = true;
char grade = 'A';          // one character, single quotes
~~~

Everything else is a **reference type**: an object, such as \`String\`. \`var\` lets the compiler infer a local variable's type: \`var total = 0;\` is still an \`int\`.

Integer division truncates: \`7 / 2\` is \`3\`, \`7 / 2.0\` is \`3.5\`. For money, use \`BigDecimal\` or count cents in a \`long\`: \`double\` cannot represent 0.1 exactly.

## Strings

~~~java
String title = "Java Basics";
System.out.println(title.length());         // 11
System.out.println(title.toUpperCase());    // JAVA BASICS
System.out.println(title.contains("Bas"));  // true
System.out.println(title.equals("java basics"));            // false
System.out.println(title.equalsIgnoreCase("java basics"));  // true
~~~

Compare strings with \`equals\`, never \`==\`: \`==\` checks whether two references point to the same object.

## Decisions

~~~java
int score = 72;
String result;
if (score >= 90) {
    result = "excellent";
} else if (score >= 50) {
    result = "pass";
} else {
    result = "fail";
}
~~~

A **switch expression** returns a value and needs no \`break\`:

~~~java
String day = "SAT";
String kind = switch (day) {
    case "SAT", "SUN" -> "weekend";
    default -> "weekday";
};
~~~

## Loops

~~~java
for (int i = 1; i <= 5; i++) {
    System.out.println(i * i);
}

int[] marks = {12, 15, 18};
int sum = 0;
for (int mark : marks) {   // the enhanced for loop
    sum += mark;
}
System.out.println((double) sum / marks.length);   // 15.0

int n = 27;
int steps = 0;
while (n != 1) {
    n = (n % 2 == 0) ? n / 2 : 3 * n + 1;
    steps++;
}
System.out.println(steps);  // 111
~~~

Arrays have a fixed length, set when they are created. For lists that grow, use \`ArrayList\` (lesson 5).`,
          },
        },
        {
          id: 'c-07-1-3',
          title: 'Classes and objects',
          minutes: 10,
          content: {
            kind: 'reading',
            markdown: `## A class is a blueprint

A class groups **state** (fields) and **behaviour** (methods). Each object made from it has its own copy of the fields:

~~~java
public class BankAccount {
    private final String owner;
    private long balanceCents;

    public BankAccount(String owner) {
        this.owner = owner;
        this.balanceCents = 0;
    }

    public void deposit(long cents) {
        if (cents <= 0) {
            throw new IllegalArgumentException("Deposit must be positive");
        }
        balanceCents += cents;
    }

    public boolean withdraw(long cents) {
        if (cents <= 0 || cents > balanceCents) {
            return false;
        }
        balanceCents -= cents;
        return true;
    }

    public long getBalanceCents() {
        return balanceCents;
    }

    public String getOwner() {
        return owner;
    }
}
~~~

~~~java
BankAccount account = new BankAccount("Ada");
account.deposit(5_000);
account.withdraw(1_200);
System.out.println(account.getBalanceCents());   // 3800
~~~

## Encapsulation

The fields are \`private\`: code outside the class can change the balance only through \`deposit\` and \`withdraw\`, which enforce the rules. A negative balance is impossible, because no method allows it. This is **encapsulation**, the main reason classes exist.

- \`final\` fields are set once, in the constructor.
- \`this\` refers to the current object.
- The **constructor** has the class's name and no return type; \`new\` calls it.

## static

A \`static\` field or method belongs to the class itself, shared by all objects: \`Math.max(3, 7)\` needs no \`Math\` object.

## Records

For classes that just carry data, a **record** writes the constructor, accessors, \`equals\`, \`hashCode\` and \`toString\` for you, and its fields are final:

~~~java
public record Book(String title, String author, int year) {
    public Book {
        if (year < 0) throw new IllegalArgumentException("year");
    }
}

Book dune = new Book("Dune", "Frank Herbert", 1965);
System.out.println(dune.title());   // Dune
System.out.println(dune);           // Book[title=Dune, author=Frank Herbert, year=1965]
~~~

Two records with the same values are \`equals\`, which makes them ideal as map keys and in sets.`,
          },
        },
      ],
    },
    {
      id: 'c-07-2',
      title: 'Building programs',
      lessons: [
        {
          id: 'c-07-2-1',
          title: 'Interfaces and polymorphism',
          minutes: 9,
          content: {
            kind: 'reading',
            markdown: `## An interface is a contract

An interface names methods a class promises to provide, without saying how:

~~~java
public interface Shape {
    double area();

    default String describe() {
        return getClass().getSimpleName() + " with area " + String.format("%.2f", area());
    }
}

public record Circle(double radius) implements Shape {
    public double area() {
        return Math.PI * radius * radius;
    }
}

public record Rectangle(double width, double height) implements Shape {
    public double area() {
        return width * height;
    }
}
~~~

A \`default\` method gives every implementation a ready-made version, which they may override.

## Polymorphism

Code written against the interface works with every implementation, including ones written later:

~~~java
List<Shape> shapes = List.of(new Circle(1), new Rectangle(2, 3));
double total = 0;
for (Shape shape : shapes) {
    total += shape.area();   // each object runs its own area()
    System.out.println(shape.describe());
}
~~~

The variable's type is \`Shape\`; the method that runs is decided by the actual object at run time.

## Inheritance

A class can \`extends\` one other class, inheriting its fields and methods and overriding some with \`@Override\`. Inheritance couples classes tightly: a change in the parent can break every child. Prefer interfaces plus **composition** (an object holding another object and delegating to it), and use inheritance only for a true "is a" relation.

## Sealed interfaces and pattern matching

A \`sealed\` interface lists all its implementations, so a \`switch\` over it can be exhaustive:

~~~java
sealed interface Payment permits Card, Voucher {}
record Card(String last4) implements Payment {}
record Voucher(String code, int cents) implements Payment {}

static String label(Payment payment) {
    return switch (payment) {
        case Card c -> "Card ending " + c.last4();
        case Voucher v -> "Voucher " + v.code();
    };
}
~~~

If a new kind of payment is added to \`permits\`, every such switch fails to compile until it handles it.`,
          },
        },
        {
          id: 'c-07-2-2',
          title: 'Collections',
          minutes: 9,
          content: {
            kind: 'reading',
            markdown: `## The collections framework

\`java.util\` provides data structures behind a few interfaces. Declare variables with the interface, create objects with a class:

~~~java
import java.util.*;

List<String> names = new ArrayList<>();
names.add("Grace");
names.add("Ada");
names.add("Ada");
Collections.sort(names);
System.out.println(names);         // [Ada, Ada, Grace]
System.out.println(names.get(0));  // Ada

Set<String> unique = new HashSet<>(names);
System.out.println(unique.size()); // 2

Map<String, Integer> stock = new HashMap<>();
stock.put("apples", 10);
stock.put("pears", 0);
stock.merge("apples", 5, Integer::sum);           // 15
System.out.println(stock.getOrDefault("kiwis", 0)); // 0
for (Map.Entry<String, Integer> entry : stock.entrySet()) {
    System.out.println(entry.getKey() + " = " + entry.getValue());
}
~~~

- **List**: ordered, allows duplicates, access by index. \`ArrayList\` is the default choice.
- **Set**: no duplicates. \`HashSet\` is fast; \`TreeSet\` keeps items sorted.
- **Map**: key to value. \`HashMap\` is fast; \`LinkedHashMap\` keeps insertion order; \`TreeMap\` sorts by key.

The \`<String>\` part is a **generic type argument**: the compiler makes sure only strings go into the list, so you never need a cast.

Collections hold objects, not primitives: \`int\` values are **boxed** into \`Integer\` automatically.

## Immutable collections

\`List.of(...)\`, \`Set.of(...)\` and \`Map.of(...)\` create collections that cannot be changed; adding to one throws \`UnsupportedOperationException\`. Return them from methods when callers should only read.

## Streams

Streams express "filter, transform, collect" in a readable pipeline:

~~~java
record Book(String title, double price) {}

List<Book> books = List.of(new Book("Dune", 9.99), new Book("Emma", 4.5), new Book("Ulysses", 15));

List<String> cheapTitles = books.stream()
        .filter(book -> book.price() < 10)
        .map(Book::title)
        .sorted()
        .toList();

double total = books.stream().mapToDouble(Book::price).sum();
System.out.println(cheapTitles + " " + total);
~~~

A stream doesn't change the original list; it produces a new result.`,
          },
        },
        {
          id: 'c-07-2-3',
          title: 'Exceptions',
          minutes: 8,
          content: {
            kind: 'reading',
            markdown: `## When things go wrong

An **exception** is an object describing an error. \`throw\` raises one; it travels up the call stack until a \`catch\` handles it, or the program stops and prints the stack trace.

~~~java
static int parseQuantity(String text) {
    try {
        int quantity = Integer.parseInt(text.trim());
        if (quantity < 1) {
            throw new IllegalArgumentException("Quantity must be at least 1");
        }
        return quantity;
    } catch (NumberFormatException e) {
        throw new IllegalArgumentException("Not a number: " + text, e);
    }
}
~~~

Passing the original exception \`e\` as the **cause** keeps the full story in the stack trace.

## Checked and unchecked

- **Checked** exceptions (subclasses of \`Exception\`, such as \`IOException\`) must be caught or declared with \`throws\` in the method signature. They signal problems outside your control: a missing file, a network failure.
- **Unchecked** exceptions (subclasses of \`RuntimeException\`, such as \`IllegalArgumentException\` or \`NullPointerException\`) usually mean a bug or invalid input, and need not be declared.

## try-with-resources

Files, connections and streams must be closed, even when an error occurs. Declare them in the \`try\` parentheses and Java closes them for you:

~~~java
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

static long countLines(Path file) throws IOException {
    try (BufferedReader reader = Files.newBufferedReader(file)) {
        return reader.lines().count();
    }
}
~~~

For small files, \`Files.readAllLines(path)\` and \`Files.readString(path)\` are simpler.

## Good habits

- Catch the most specific exception you can handle, where you can do something useful about it.
- Never swallow an exception with an empty \`catch\` block: at least log it, or rethrow.
- Validate arguments early and throw \`IllegalArgumentException\` with a clear message.
- \`finally\` runs whether or not an exception occurred; with try-with-resources you rarely need it.`,
          },
        },
        quizLesson({
          id: 'c-07-2-4',
          title: 'Quiz: Java fundamentals',
          minutes: 5,
          passPercent: 75,
          markdown: 'Four questions on the whole course.',
          questions: [
            {
              prompt: 'How should you compare two String values for equal text?',
              choices: ['a == b', 'a.equals(b)', 'a.compareTo(b) == 1'],
              answers: [1],
            },
            {
              prompt: 'What does 7 / 2 evaluate to in Java, with both operands int?',
              choices: ['3.5', '3', '4'],
              answers: [1],
            },
            {
              prompt: 'Which collections never hold the same element twice?',
              choices: ['ArrayList', 'HashSet', 'TreeSet', 'LinkedList'],
              answers: [1, 2],
            },
            {
              prompt: 'What does a record give you automatically?',
              choices: [
                'A constructor taking every component',
                'equals and hashCode based on the components',
                'Setters for every component',
                'A toString listing the components',
              ],
              answers: [0, 1, 3],
            },
          ],
        }),
      ],
    },
  ],
};
