import type { BookCategory } from '../../contract/books';

// Seed data for the books catalogue. Cover images live in public/images/books/.
export type SeedBook = {
  name: string;
  priceCents: number;
  image: string;
  category: BookCategory;
};

export const seedBooks: readonly SeedBook[] = [
  {
    name: 'Patterns of Clean TypeScript',
    priceCents: 4499,
    image: '/images/books/patterns-of-clean-typescript.svg',
    category: 'programming',
  },
  {
    name: "The Lighthouse Keeper's Daughter",
    priceCents: 1499,
    image: '/images/books/the-lighthouse-keepers-daughter.svg',
    category: 'story',
  },
  {
    name: 'Orbit of Glass',
    priceCents: 1599,
    image: '/images/books/orbit-of-glass.svg',
    category: 'science fiction',
  },
  {
    name: 'Functional Thinking in JavaScript',
    priceCents: 3999,
    image: '/images/books/functional-thinking-in-javascript.svg',
    category: 'programming',
  },
  {
    name: 'Letters from the Orchard',
    priceCents: 1299,
    image: '/images/books/letters-from-the-orchard.svg',
    category: 'story',
  },
  {
    name: 'The Silent Colony',
    priceCents: 1799,
    image: '/images/books/the-silent-colony.svg',
    category: 'science fiction',
  },
  {
    name: 'The Pragmatic Node Handbook',
    priceCents: 4249,
    image: '/images/books/the-pragmatic-node-handbook.svg',
    category: 'programming',
  },
  {
    name: "The Clockmaker's Promise",
    priceCents: 1699,
    image: '/images/books/the-clockmakers-promise.svg',
    category: 'story',
  },
  {
    name: 'Children of the Seventh Moon',
    priceCents: 1449,
    image: '/images/books/children-of-the-seventh-moon.svg',
    category: 'science fiction',
  },
  {
    name: 'Rust for the Curious Mind',
    priceCents: 5299,
    image: '/images/books/rust-for-the-curious-mind.svg',
    category: 'programming',
  },
  {
    name: 'A Winter in Port Albane',
    priceCents: 1149,
    image: '/images/books/a-winter-in-port-albane.svg',
    category: 'story',
  },
  {
    name: 'Echoes from Kepler Deep',
    priceCents: 1999,
    image: '/images/books/echoes-from-kepler-deep.svg',
    category: 'science fiction',
  },
  {
    name: 'Designing Resilient APIs',
    priceCents: 5499,
    image: '/images/books/designing-resilient-apis.svg',
    category: 'programming',
  },
  {
    name: 'The Salt Road Home',
    priceCents: 999,
    image: '/images/books/the-salt-road-home.svg',
    category: 'story',
  },
  {
    name: 'The Starlight Archive',
    priceCents: 2249,
    image: '/images/books/the-starlight-archive.svg',
    category: 'science fiction',
  },
  {
    name: 'SQL Without Fear',
    priceCents: 3499,
    image: '/images/books/sql-without-fear.svg',
    category: 'programming',
  },
  {
    name: 'Where the River Bends',
    priceCents: 1349,
    image: '/images/books/where-the-river-bends.svg',
    category: 'story',
  },
  {
    name: 'Machines of Quiet Mercy',
    priceCents: 1899,
    image: '/images/books/machines-of-quiet-mercy.svg',
    category: 'science fiction',
  },
  {
    name: 'Algorithms in Plain English',
    priceCents: 5999,
    image: '/images/books/algorithms-in-plain-english.svg',
    category: 'programming',
  },
  {
    name: 'The Bookbinder of Venn Street',
    priceCents: 1899,
    image: '/images/books/the-bookbinder-of-venn-street.svg',
    category: 'story',
  },
  {
    name: 'Beyond the Helix Gate',
    priceCents: 2449,
    image: '/images/books/beyond-the-helix-gate.svg',
    category: 'science fiction',
  },
  {
    name: 'React Components That Scale',
    priceCents: 4799,
    image: '/images/books/react-components-that-scale.svg',
    category: 'programming',
  },
  {
    name: 'Songs for a Quiet Village',
    priceCents: 899,
    image: '/images/books/songs-for-a-quiet-village.svg',
    category: 'story',
  },
  {
    name: 'Red Dust Protocol',
    priceCents: 1349,
    image: '/images/books/red-dust-protocol.svg',
    category: 'science fiction',
  },
  {
    name: 'Python Data Craft',
    priceCents: 4949,
    image: '/images/books/python-data-craft.svg',
    category: 'programming',
  },
  {
    name: 'The Last Summer at Marrow Hill',
    priceCents: 1549,
    image: '/images/books/the-last-summer-at-marrow-hill.svg',
    category: 'story',
  },
  {
    name: 'The Long Drift',
    priceCents: 1199,
    image: '/images/books/the-long-drift.svg',
    category: 'science fiction',
  },
];
