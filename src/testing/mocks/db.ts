import type { Book } from '../../../contract/books';
import type { Course } from '@/features/courses/types';
import { buildBook, buildCourse } from '../data';

// In-memory data behind the msw handlers; `resetDb()` runs after every test.
type Db = { courses: Course[]; books: Book[]; subscribers: Set<string> };

function seedCourses(): Course[] {
  return [
    buildCourse({
      _id: 'c-react',
      name: 'React from Zero to Hero',
      price: 49.99,
      image: '/images/courses/react.svg',
    }),
    buildCourse({
      _id: 'c-python',
      name: 'Python for Data Science',
      price: 39.5,
      image: '/images/courses/python.svg',
    }),
    buildCourse({
      _id: 'c-writing',
      name: 'Creative Story Writing',
      price: 19,
      image: '/images/courses/writing.svg',
    }),
  ];
}

function seedBooks(): Book[] {
  return [
    buildBook({ _id: 'b-1', name: 'Clean Code', price: 32.5, category: 'programming' }),
    buildBook({ _id: 'b-2', name: 'The Hobbit', price: 12.99, category: 'story' }),
    buildBook({ _id: 'b-3', name: 'Dune', price: 15, category: 'science fiction' }),
    buildBook({ _id: 'b-4', name: 'Eloquent JavaScript', price: 29.99, category: 'programming' }),
    buildBook({ _id: 'b-5', name: 'Foundation', price: 11.25, category: 'science fiction' }),
    buildBook({ _id: 'b-6', name: 'Little Women', price: 9.99, category: 'story' }),
  ];
}

export const db: Db = { courses: seedCourses(), books: seedBooks(), subscribers: new Set() };

export function resetDb(): void {
  db.courses = seedCourses();
  db.books = seedBooks();
  db.subscribers = new Set();
}
