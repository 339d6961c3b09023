import type { Book, BookDetail } from '@contract/books';
import type { ShippingAddress } from '@contract/payments';
import type { CourseCartLine } from '@/features/course-cart/course-cart-slice';
import type { Course } from '@/features/courses/types';
import type { AuthUser } from '@/lib/auth';

// Builders for test data: sensible defaults, override what the test is about.
let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${++sequence}`;

export function buildCourse(overrides: Partial<Course> = {}): Course {
  const _id = overrides._id ?? nextId('course');
  return {
    _id,
    name: `Course ${_id}`,
    price: 19.99,
    image: `/images/courses/${_id}.svg`,
    summary: `What ${_id} teaches.`,
    lessons: 6,
    minutes: 95,
    rating: null,
    ...overrides,
  };
}

export function buildCartLine(overrides: Partial<CourseCartLine> = {}): CourseCartLine {
  const { _id, name, price, image } = buildCourse(overrides);
  return { _id, name, price, image, quantity: 1, ...overrides };
}

export function buildBook(overrides: Partial<Book> = {}): Book {
  const _id = overrides._id ?? nextId('book');
  return {
    _id,
    name: `Book ${_id}`,
    price: 12.99,
    image: `/images/books/${_id}.svg`,
    category: 'programming',
    author: 'Test Author',
    ...overrides,
  };
}

export function buildBookDetail(overrides: Partial<BookDetail> = {}): BookDetail {
  return {
    description: 'A book for the tests.',
    stock: 20,
    ...buildBook(overrides),
    ...overrides,
  };
}

export function buildUser(overrides: Partial<AuthUser> = {}): AuthUser {
  const uid = overrides.uid ?? nextId('user');
  return {
    uid,
    email: `${uid}@learntogether.test`,
    displayName: 'Test Student',
    photoURL: null,
    creationTime: 'Mon, 01 Jan 2024 00:00:00 GMT',
    ...overrides,
  };
}

/** A shipping address the contract accepts. */
export function buildShipping(overrides: Partial<ShippingAddress> = {}): ShippingAddress {
  return {
    firstName: 'Sam',
    lastName: 'Student',
    email: 'student@learntogether.test',
    country: 'Canada',
    address: '12 Analytical Row',
    city: 'Toronto',
    state: 'Ontario',
    postalCode: 'M5V 2T6',
    ...overrides,
  };
}
