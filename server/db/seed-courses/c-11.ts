import { quizLesson, type SeedCourse } from './seed-course';

export const course: SeedCourse = {
  id: 'c-11',
  summary:
    'Reason about performance with Big-O and master the core data structures and algorithms: hash tables, stacks, queues, binary search, sorting, trees and graphs.',
  description: `Choosing the right data structure often matters more than any amount of clever tuning: the same task can take a millisecond or an hour depending on it. This course gives you the vocabulary and the toolbox to make that choice.

You start with Big-O notation, the way programmers describe how the cost of code grows with its input. Then you study the structures behind every standard library (arrays, hash tables, stacks, queues, trees) and the classic algorithms: binary search, merge sort, and breadth-first search on graphs.

Examples are in Python because it reads like pseudocode; the ideas apply in every language. You should be comfortable with loops, functions and lists.`,
  outcomes: [
    'Describe the time and space cost of code with Big-O notation',
    'Choose between arrays, hash tables, stacks and queues for a task',
    'Implement binary search and explain why it is logarithmic',
    'Explain and implement merge sort, and know the cost of sorting',
    'Work with recursion and binary search trees',
    'Model problems as graphs and find shortest paths with breadth-first search',
  ],
  sections: [
    {
      id: 'c-11-1',
      title: 'Foundations',
      lessons: [
        {
          id: 'c-11-1-1',
          title: 'Big-O: how code scales',
          minutes: 9,
          preview: true,
          content: {
            kind: 'reading',
            markdown: `## Counting steps, not seconds

Timing code tells you about one machine and one input. Big-O describes how the number of steps **grows** as the input size \`n\` grows, ignoring constant factors and small terms. It answers the question that matters: what happens when the data gets ten times bigger?

## The common classes

From fastest to slowest growth:

- **O(1)**, constant: reading \`items[i]\`, looking up a key in a hash table.
- **O(log n)**, logarithmic: binary search. Doubling \`n\` adds one step.
- **O(n)**, linear: one pass over the data, such as finding the maximum.
- **O(n log n)**: good sorting algorithms.
- **O(n²)**, quadratic: comparing every item with every other.
- **O(2ⁿ)**, exponential: trying every subset. Hopeless beyond a few dozen items.

For a million items, O(n log n) is about 20 million steps; O(n²) is a million million.

## Reading code

~~~python
def has_duplicate_slow(items):
    for i in range(len(items)):
        for j in range(i + 1, len(items)):
            if items[i] == items[j]:
                return True
    return False
~~~

Two nested loops over the input: about n²/2 comparisons, so **O(n²)**. The same task with a set:

~~~python
def has_duplicate(items):
    seen = set()
    for item in items:
        if item in seen:       # O(1) on average
            return True
        seen.add(item)
    return False
~~~

One loop with constant-time work inside: **O(n)** time. It uses **O(n)** extra memory for the set, a common trade: memory for speed.

## Rules of thumb

- Sequential steps add up, and the biggest term wins: O(n) + O(n²) is O(n²).
- Nested loops over the input multiply: O(n · n).
- Constants are dropped: O(3n) is O(n).
- Halving the problem at each step gives a log n.

## Worst, average, amortised

Big-O usually describes the **worst case**. Sometimes the average matters more: a hash table lookup is O(1) on average, O(n) in a pathological worst case. "Amortised O(1)", as for appending to a Python list, means that an occasional slow step (growing the array) is paid for by many fast ones.`,
          },
        },
        {
          id: 'c-11-1-2',
          title: 'Arrays and hash tables',
          minutes: 9,
          content: {
            kind: 'reading',
            markdown: `## Arrays

An array stores items side by side in memory. Because every slot has the same size, the address of item \`i\` is a simple calculation, so **reading or writing by index is O(1)**.

The costs are elsewhere:

- Appending at the end: amortised O(1). When the array is full, a bigger one is allocated and everything is copied, but the capacity grows by a factor, so copies are rare.
- Inserting or deleting at the front or in the middle: O(n), because every later item must shift.
- Searching for a value in an unsorted array: O(n).

Python's \`list\` is a dynamic array: \`append\` and \`pop()\` from the end are fast, \`insert(0, x)\` and \`pop(0)\` are O(n).

## Hash tables

A hash table (Python's \`dict\` and \`set\`, JavaScript's \`Map\`, Java's \`HashMap\`) finds a key without searching. A **hash function** turns the key into a number, which picks a slot (a bucket) in an internal array:

~~~python
def bucket_for(key, bucket_count):
    return hash(key) % bucket_count
~~~

Lookup, insertion and deletion are **O(1) on average**. Two keys can land in the same bucket (a **collision**); the table keeps both and tells them apart by comparing the keys. When the table gets too full, it grows and rehashes every key, which is why the O(1) is amortised.

Requirements and limits:

- Keys must be **immutable** (hashable): a string or a tuple can be a key, a list cannot. A key that changed after insertion would be looked for in the wrong bucket.
- There is no useful order for range queries such as "all keys between 10 and 20"; use a sorted structure for those.

## Choosing

~~~python
# "Have I seen this before?" -> a set
visited = set()

# "What is the value for this key?" -> a dict
price_of = {"pen": 1.20, "notebook": 4.50}

# Counting occurrences -> a dict (or collections.Counter)
from collections import Counter
print(Counter("mississippi").most_common(2))  # [('i', 4), ('s', 4)]
~~~

Replacing a list search (\`x in some_list\`, O(n)) by a set lookup (O(1)) inside a loop is the single most common performance fix in real code.`,
          },
        },
        {
          id: 'c-11-1-3',
          title: 'Stacks and queues',
          minutes: 7,
          content: {
            kind: 'reading',
            markdown: `## Stack: last in, first out

A stack is like a pile of plates: you add (push) and remove (pop) at the top only. Both operations are O(1). A Python list works as a stack, using its end as the top:

~~~python
stack = []
stack.append("a")   # push
stack.append("b")
top = stack.pop()   # "b"
~~~

Stacks appear wherever the most recent thing must be handled first: the undo history of an editor, the browser's back button, and the **call stack** that tracks which function called which.

A classic use: checking that brackets are balanced.

~~~python
PAIRS = {")": "(", "]": "[", "}": "{"}

def balanced(text):
    stack = []
    for char in text:
        if char in "([{":
            stack.append(char)
        elif char in PAIRS:
            if not stack or stack.pop() != PAIRS[char]:
                return False
    return not stack

print(balanced("f(a[1], {b: 2})"))  # True
print(balanced("(]"))               # False
~~~

Each closing bracket must match the most recent unclosed opening one: exactly what the top of the stack holds.

## Queue: first in, first out

A queue is a line at a shop: add at the back (enqueue), remove from the front (dequeue). Don't use a list for this: \`pop(0)\` shifts every item and is O(n). Use \`collections.deque\`, which is O(1) at both ends:

~~~python
from collections import deque

queue = deque()
queue.append("first")
queue.append("second")
print(queue.popleft())   # "first"
~~~

Queues model anything processed in arrival order: print jobs, requests waiting for a worker, messages between services. They are also the heart of breadth-first search, later in this course.

## Priority queue

When the most **urgent** item should come out first, not the oldest, use a priority queue. Python's \`heapq\` keeps a list arranged as a binary heap: push and pop are O(log n), and \`heap[0]\` is always the smallest item:

~~~python
import heapq

tasks = []
heapq.heappush(tasks, (2, "write report"))
heapq.heappush(tasks, (1, "fix outage"))
print(heapq.heappop(tasks))   # (1, 'fix outage')
~~~`,
          },
        },
      ],
    },
    {
      id: 'c-11-2',
      title: 'Classic algorithms',
      lessons: [
        {
          id: 'c-11-2-1',
          title: 'Binary search',
          minutes: 8,
          content: {
            kind: 'reading',
            markdown: `## Halving the problem

To find a word in a printed dictionary, you don't read from page one: you open in the middle and discard the half that can't contain it. **Binary search** does the same on a **sorted** array. Each step halves the remaining range, so a million items need at most 20 steps: **O(log n)**.

~~~python
def binary_search(items, target):
    """Return the index of target in the sorted list items, or -1."""
    low, high = 0, len(items) - 1
    while low <= high:
        mid = (low + high) // 2
        if items[mid] == target:
            return mid
        if items[mid] < target:
            low = mid + 1      # target can only be to the right
        else:
            high = mid - 1     # target can only be to the left
    return -1

numbers = [2, 3, 5, 7, 11, 13, 17]
print(binary_search(numbers, 11))  # 4
print(binary_search(numbers, 4))   # -1
~~~

## Getting it right

Binary search is famously easy to get subtly wrong. The key is the **invariant**: if the target is in the list, it is always between \`low\` and \`high\`, inclusive. Every update must keep that true:

- \`low = mid + 1\` and \`high = mid - 1\`, never \`low = mid\`, or the loop can run forever on two items.
- The loop runs while \`low <= high\`: a range of one item still needs checking.

In languages with fixed-size integers, \`(low + high) / 2\` can overflow on huge arrays; \`low + (high - low) / 2\` avoids it. Python's integers don't overflow.

## Use the library

Python's \`bisect\` module finds the position where an item would be inserted to keep a list sorted, which also answers "how many items are smaller than x?":

~~~python
from bisect import bisect_left

scores = [10, 20, 20, 30]
print(bisect_left(scores, 20))   # 1: the first position of 20
print(bisect_left(scores, 25))   # 3: 25 would go before 30
~~~

## Beyond arrays

The same idea works on any question with a yes/no answer that flips once: "what is the smallest capacity that fits all the parcels?" Guess a middle value, check it, and discard half the range. Searching a sorted array is only the most common case.`,
          },
        },
        {
          id: 'c-11-2-2',
          title: 'Sorting and merge sort',
          minutes: 10,
          content: {
            kind: 'reading',
            markdown: `## Why sorting matters

Sorted data makes many problems easy: binary search, finding duplicates (they end up next to each other), merging lists, computing medians. Good general-purpose sorting algorithms take **O(n log n)** comparisons, and no comparison-based sort can do better in the worst case.

Simple algorithms such as insertion sort take O(n²). They are fine for a handful of items, hopeless for a million.

## Merge sort: divide and conquer

Merge sort splits the list in half, sorts each half **recursively**, then merges the two sorted halves:

~~~python
def merge_sort(items):
    if len(items) <= 1:
        return items                       # base case: already sorted
    middle = len(items) // 2
    left = merge_sort(items[:middle])
    right = merge_sort(items[middle:])
    return merge(left, right)


def merge(left, right):
    result = []
    i = j = 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:            # <= keeps equal items in order: stable
            result.append(left[i])
            i += 1
        else:
            result.append(right[j])
            j += 1
    result.extend(left[i:])                # one of these is empty
    result.extend(right[j:])
    return result


print(merge_sort([5, 2, 9, 1, 5, 6]))     # [1, 2, 5, 5, 6, 9]
~~~

## Why O(n log n)

Halving the list again and again gives about log₂ n levels of recursion. At each level, the merges together touch every item once: O(n) work per level. In total: O(n log n). Merge sort needs O(n) extra memory for the merged lists.

## Recursion

A recursive function solves a problem by calling itself on a smaller version. It needs a **base case** that stops the recursion (here, a list of zero or one item) and each call must move towards it. Otherwise it recurses until the call stack overflows.

## In practice

Use your language's sort: Python's \`sorted()\` and \`list.sort()\` use Timsort, a merge sort hybrid that is O(n log n), **stable** (equal items keep their order) and very fast on partly sorted data.

~~~python
books = [("Emma", 1815), ("Dune", 1965), ("Persuasion", 1817)]
print(sorted(books, key=lambda book: book[1]))          # by year
print(sorted(books, key=lambda book: book[0], reverse=True))
~~~

Knowing how sorting works still matters: it explains its cost, and divide and conquer solves many other problems.`,
          },
        },
        {
          id: 'c-11-2-3',
          title: 'Trees and graphs',
          minutes: 10,
          content: {
            kind: 'reading',
            markdown: `## Binary search trees

A tree is made of nodes, each with children. In a **binary search tree**, every node has at most two children, and everything in its left subtree is smaller, everything in its right subtree larger. Searching goes left or right at each node, like binary search:

~~~python
class Node:
    def __init__(self, key):
        self.key = key
        self.left = None
        self.right = None


def insert(root, key):
    if root is None:
        return Node(key)
    if key < root.key:
        root.left = insert(root.left, key)
    elif key > root.key:
        root.right = insert(root.right, key)
    return root


def contains(root, key):
    while root is not None:
        if key == root.key:
            return True
        root = root.left if key < root.key else root.right
    return False
~~~

In a balanced tree, search and insertion are O(log n). Inserted in sorted order, however, this simple tree degenerates into a line and costs O(n); self-balancing trees (red-black, AVL, B-trees) prevent that. They power sorted maps and database indexes.

## Graphs

A graph is a set of **nodes** connected by **edges**: people and friendships, cities and roads, web pages and links. Store it as an **adjacency list**, a dict from each node to its neighbours:

~~~python
graph = {
    "home": ["park", "shop"],
    "park": ["home", "school"],
    "shop": ["home", "school"],
    "school": ["park", "shop", "library"],
    "library": ["school"],
}
~~~

## Breadth-first search

BFS explores a graph in rings: first the start's neighbours, then their neighbours, and so on, using a queue. In a graph without weights, it therefore finds a **shortest path** (the fewest edges):

~~~python
from collections import deque


def shortest_path(graph, start, goal):
    previous = {start: None}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        if node == goal:
            path = []
            while node is not None:
                path.append(node)
                node = previous[node]
            return path[::-1]
        for neighbour in graph[node]:
            if neighbour not in previous:      # not visited yet
                previous[neighbour] = node
                queue.append(neighbour)
    return None


print(shortest_path(graph, "home", "library"))  # ['home', 'park', 'school', 'library']
~~~

Each node and edge is handled once: O(V + E). Replacing the queue with a stack gives depth-first search, which explores one branch fully before backtracking. For roads with distances, Dijkstra's algorithm extends BFS with a priority queue.`,
          },
        },
        quizLesson({
          id: 'c-11-2-4',
          title: 'Quiz: algorithms and data structures',
          minutes: 6,
          passPercent: 80,
          markdown: 'Five questions on the whole course.',
          questions: [
            {
              prompt:
                'Two nested loops, each over all n items of the input. What is the time complexity?',
              choices: ['O(n)', 'O(n log n)', 'O(n²)', 'O(2n)'],
              answers: [2],
            },
            {
              prompt: 'Which operations are O(1) on average?',
              choices: [
                'Looking up a key in a hash table',
                'Reading the item at an index of an array',
                'Searching an unsorted list for a value',
                'Removing the first item of a Python list with pop(0)',
              ],
              answers: [0, 1],
            },
            {
              prompt: 'What must be true of a list before you can binary search it?',
              choices: [
                'It must be sorted',
                'It must have no duplicates',
                'Its length must be a power of two',
              ],
              answers: [0],
            },
            {
              prompt: 'Which statements about merge sort are true?',
              choices: [
                'It runs in O(n log n) time',
                'It is stable when merging takes from the left on ties',
                'It sorts in place with O(1) extra memory',
                'It splits the list in halves recursively',
              ],
              answers: [0, 1, 3],
            },
            {
              prompt:
                'Which structure does breadth-first search use to decide which node to visit next?',
              choices: ['A stack', 'A queue', 'A hash table', 'A binary search tree'],
              answers: [1],
            },
          ],
        }),
      ],
    },
  ],
};
