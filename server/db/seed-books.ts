import type { BookCategory } from '../../contract/books';

// Seed data for the books catalogue. Cover images live in public/images/books/.
export type SeedBook = {
  name: string;
  author: string;
  /** Plain text; `\n` is a line break the book's page keeps. */
  description: string;
  stock: number;
  priceCents: number;
  image: string;
  category: BookCategory;
};

export const seedBooks: readonly SeedBook[] = [
  {
    name: 'Patterns of Clean TypeScript',
    author: 'Mira Valdez',
    description:
      'Small, honest patterns for TypeScript code that a team can still read a year later: narrow types, plain functions and modules with one job.\nEvery chapter starts from a real refactoring.',
    stock: 40,
    priceCents: 4499,
    image: '/images/books/patterns-of-clean-typescript.svg',
    category: 'programming',
  },
  {
    name: "The Lighthouse Keeper's Daughter",
    author: 'Eleanor Whitcombe',
    description:
      'On a storm-bound island in 1911, Maud keeps the light burning after her father falls ill, and finds the letters he never sent.',
    stock: 18,
    priceCents: 1499,
    image: '/images/books/the-lighthouse-keepers-daughter.svg',
    category: 'story',
  },
  {
    name: 'Orbit of Glass',
    author: 'Rafael Quintero',
    description:
      'A repair crew on a fragile glass station discovers that the station is listening to them.\nA tight, claustrophobic first-contact story.',
    stock: 22,
    priceCents: 1599,
    image: '/images/books/orbit-of-glass.svg',
    category: 'science fiction',
  },
  {
    name: 'Functional Thinking in JavaScript',
    author: 'Tobias Lindqvist',
    description:
      'Map, filter, reduce and beyond: how to think in small pure functions, and when not to. Exercises with answers at the end of each chapter.',
    stock: 35,
    priceCents: 3999,
    image: '/images/books/functional-thinking-in-javascript.svg',
    category: 'programming',
  },
  {
    name: 'Letters from the Orchard',
    author: 'Samuel Ashby',
    description:
      'Two sisters, one apple orchard and forty years of letters between a farm in Kent and a flat in Lisbon.',
    stock: 14,
    priceCents: 1299,
    image: '/images/books/letters-from-the-orchard.svg',
    category: 'story',
  },
  {
    name: 'The Silent Colony',
    author: 'Yara Nakamura',
    description:
      'The first colony on Tethys stopped transmitting eleven years ago. The relief ship arrives to find everyone alive, and no one willing to speak.',
    stock: 12,
    priceCents: 1799,
    image: '/images/books/the-silent-colony.svg',
    category: 'science fiction',
  },
  {
    name: 'The Pragmatic Node Handbook',
    author: 'Aisha Okafor',
    description:
      'Building and running Node.js services in production: streams, back-pressure, graceful shutdown, logging and the errors you will meet at 3 a.m.',
    stock: 30,
    priceCents: 4249,
    image: '/images/books/the-pragmatic-node-handbook.svg',
    category: 'programming',
  },
  {
    name: "The Clockmaker's Promise",
    author: 'Ingrid Halvorsen',
    description:
      'A clockmaker in a Norwegian fishing town promises to fix the church clock before midwinter, and the whole town keeps him to it.',
    stock: 16,
    priceCents: 1699,
    image: '/images/books/the-clockmakers-promise.svg',
    category: 'story',
  },
  {
    name: 'Children of the Seventh Moon',
    author: 'Idris Vance',
    description:
      'Raised on a moon their parents were never meant to reach, seven children decide what home means.',
    stock: 20,
    priceCents: 1449,
    image: '/images/books/children-of-the-seventh-moon.svg',
    category: 'science fiction',
  },
  {
    name: 'Rust for the Curious Mind',
    author: 'Declan Moore',
    description:
      'Ownership, borrowing and lifetimes explained with pictures and small programs, for developers who know one other language well.',
    stock: 25,
    priceCents: 5299,
    image: '/images/books/rust-for-the-curious-mind.svg',
    category: 'programming',
  },
  {
    name: 'A Winter in Port Albane',
    author: 'Camille Durand',
    description:
      'A retired teacher spends one winter in a harbour town on the Breton coast and becomes, without meaning to, its memory.',
    stock: 9,
    priceCents: 1149,
    image: '/images/books/a-winter-in-port-albane.svg',
    category: 'story',
  },
  {
    name: 'Echoes from Kepler Deep',
    author: 'Sofia Lindgren',
    description:
      "A deep-space listening post picks up a signal that repeats the crew's own words, three days before they say them.",
    stock: 15,
    priceCents: 1999,
    image: '/images/books/echoes-from-kepler-deep.svg',
    category: 'science fiction',
  },
  {
    name: 'Designing Resilient APIs',
    author: 'Priya Raman',
    description:
      'Timeouts, retries, idempotency keys and honest error messages: designing HTTP APIs that keep working when the network does not.',
    stock: 28,
    priceCents: 5499,
    image: '/images/books/designing-resilient-apis.svg',
    category: 'programming',
  },
  {
    name: 'The Salt Road Home',
    author: 'Tomas Reyes',
    description:
      "A mule driver walks the old salt road from the coast to the mountains to bring his brother's ashes home.",
    stock: 11,
    priceCents: 999,
    image: '/images/books/the-salt-road-home.svg',
    category: 'story',
  },
  {
    name: 'The Starlight Archive',
    author: 'Marcus Adeyemi',
    description:
      "A librarian on a generation ship guards the last archive of Earth's music, and someone is erasing it, one song at a time.",
    stock: 19,
    priceCents: 2249,
    image: '/images/books/the-starlight-archive.svg',
    category: 'science fiction',
  },
  {
    name: 'SQL Without Fear',
    author: 'Henrik Sorensen',
    description:
      'Joins, indexes, transactions and query plans, taught with one small shop database from the first page to the last.',
    stock: 32,
    priceCents: 3499,
    image: '/images/books/sql-without-fear.svg',
    category: 'programming',
  },
  {
    name: 'Where the River Bends',
    author: 'Ruth Mbeki',
    description:
      'Three generations of a family of ferry keepers on the Zambezi, told through the people they carried across.',
    stock: 13,
    priceCents: 1349,
    image: '/images/books/where-the-river-bends.svg',
    category: 'story',
  },
  {
    name: 'Machines of Quiet Mercy',
    author: 'Elena Vosk',
    description:
      'In a city run by caretaking robots, a nurse investigates why the machines have started to refuse orders.',
    stock: 17,
    priceCents: 1899,
    image: '/images/books/machines-of-quiet-mercy.svg',
    category: 'science fiction',
  },
  {
    name: 'Algorithms in Plain English',
    author: 'Lucia Ferreira',
    description:
      'Sorting, searching, graphs and dynamic programming, explained in words first and code second.',
    stock: 26,
    priceCents: 5999,
    image: '/images/books/algorithms-in-plain-english.svg',
    category: 'programming',
  },
  {
    name: 'The Bookbinder of Venn Street',
    author: 'Oliver Grange',
    description:
      'A young apprentice bookbinder in Victorian Cambridge finds a manuscript sewn into the spine of a prayer book.',
    stock: 10,
    priceCents: 1899,
    image: '/images/books/the-bookbinder-of-venn-street.svg',
    category: 'story',
  },
  {
    name: 'Beyond the Helix Gate',
    author: 'Jonah Pierce',
    description:
      'The Helix Gate opens once every hundred years. This time, something comes back through it.',
    stock: 21,
    priceCents: 2449,
    image: '/images/books/beyond-the-helix-gate.svg',
    category: 'science fiction',
  },
  {
    name: 'React Components That Scale',
    author: 'Kenji Watanabe',
    description:
      'Composition, state that lives in the right place, accessible markup and tests that read like the screen: React for growing apps.',
    stock: 34,
    priceCents: 4799,
    image: '/images/books/react-components-that-scale.svg',
    category: 'programming',
  },
  {
    name: 'Songs for a Quiet Village',
    author: 'Hana Sato',
    description:
      "A composer returns to her grandmother's mountain village in Nagano and writes one song for each of its remaining residents.",
    stock: 3,
    priceCents: 899,
    image: '/images/books/songs-for-a-quiet-village.svg',
    category: 'story',
  },
  {
    name: 'Red Dust Protocol',
    author: 'Anika Sharma',
    description:
      "When the Mars habitat's oxygen system is sabotaged, its newest engineer has eighteen hours to find out who, and why.",
    stock: 4,
    priceCents: 1349,
    image: '/images/books/red-dust-protocol.svg',
    category: 'science fiction',
  },
  {
    name: 'Python Data Craft',
    author: 'Nadia Petrova',
    description:
      'Cleaning, shaping and plotting real data sets with Python, pandas and a great deal of patience.',
    stock: 27,
    priceCents: 4949,
    image: '/images/books/python-data-craft.svg',
    category: 'programming',
  },
  {
    name: 'The Last Summer at Marrow Hill',
    author: 'Agnes Thornley',
    description:
      'Five friends spend one last summer at a crumbling country house before it is sold, and each of them keeps a secret.',
    stock: 12,
    priceCents: 1549,
    image: '/images/books/the-last-summer-at-marrow-hill.svg',
    category: 'story',
  },
  {
    name: 'The Long Drift',
    author: 'Victor Hale',
    description:
      "Adrift after an engine failure, a cargo pilot has only the ship's stubborn AI for company, and ninety days of air.",
    stock: 24,
    priceCents: 1199,
    image: '/images/books/the-long-drift.svg',
    category: 'science fiction',
  },
];
