import type { ChatReport } from '@contract/chat-moderation';
import type { AdminCourse } from '@contract/courses';
import type { BookDetail, BookHistoryEntry } from '@contract/books';
import type { CartLine } from '@contract/carts';
import type { Certificate, Review } from '@contract/courses';
import type { PaymentSource } from '@contract/checkout-rules';
import type { Order } from '@contract/orders';
import type { CheckoutShipping } from '@contract/payments';
import type { UserProfile, UserRole } from '@contract/users';
import type { PageRoute, VitalsBeacon } from '@contract/vitals';
import type { Course } from '@/features/courses/types';
import { buildBookDetail, buildCourse } from '../data';

/** An order as the server keeps it: one paid line, its owner, the payment and the address. */
export type DbOrder = Omit<Order, 'refunded'> & {
  /** Refunded by the shop. */
  refunded?: boolean;
  /** Hidden by its customer (My Orders' 'x'); the shop keeps the record. */
  hidden?: boolean;
  email: string;
  paymentId: string;
  shipping: CheckoutShipping;
  /** Orders are listed newest first. */
  createdAt: number;
};

/** A paid (or to be paid) line, priced by the server when the intent was made. */
export type PaymentLine = {
  name: string;
  quantity: number;
  unitPriceCents: number;
  cartLineId?: string;
  bookId?: string;
  /** The course it pays for (course checkouts). */
  courseId?: string;
};

/** A PaymentIntent and the snapshot of what it pays (the server's `payments` table). */
export type DbPayment = {
  id: string;
  clientSecret: string;
  email: string;
  source: PaymentSource;
  lines: PaymentLine[];
  amountCents: number;
  shipping: CheckoutShipping;
  status: 'pending' | 'succeeded' | 'failed' | 'refunded';
  /** When the checkout started (epoch milliseconds); now, if a test leaves it out. */
  createdAt?: number;
  /** When it succeeded (ms since the epoch): the courses it paid for are owned since then. */
  paidAt?: number;
  /** The admin's refunds of it, oldest first (the audit log's 'refund' rows). */
  refunds?: Array<{ actorEmail: string; orderIds: string[]; amount: number; createdAt: number }>;
};

/**
 * A book as the server keeps it: a removed one stays (carts and orders name it). `held`: copies
 * checkouts hold, for the admin's Books screen (the fake's checkouts hold none themselves).
 */
export type DbBook = BookDetail & { removed?: boolean; held?: number };

/** An admin's change to a book (the server's audit_log), with the book it names. */
export type DbAuditEntry = BookHistoryEntry & { bookId: string };

/**
 * A cart line as stored; name, price, image, status and stock are the book's now (the GET
 * answers them through `cartLineView`).
 */
export type DbCartLine = Omit<CartLine, 'status' | 'stock'> &
  Partial<Pick<CartLine, 'status' | 'stock'>>;

/** A report of a chat message, as the server keeps it (issue 17 §2). */
export type DbChatReport = Omit<ChatReport, 'context' | 'messageExists' | 'authorMutedUntil'>;

/** A page view's Core Web Vitals beacon as the server keeps it (its web_vitals table). */
export type DbVital = Omit<VitalsBeacon, 'view'> & {
  /** The page view's id; none on views stored before beacons carried one (as on the server). */
  view?: string;
  createdAt: number;
};

/** A learner's progress in one course (issue 31), keyed `${email} ${courseId}` in db.progress. */
export type DbCourseProgress = {
  completed: Set<string>;
  lastLessonId: string | null;
  certificateId: string | null;
};

/** A certificate as the server keeps it, with the learner it names. */
export type DbCertificate = Certificate & { email: string };

/** A course review as the server keeps it; `mine` is worked out per caller. */
export type DbReview = Omit<Review, 'mine'> & { email: string };

/** An account as the server keeps it: created at the first token exchange. */
export type DbUser = { _id: string; email: string; role: UserRole; profile: UserProfile };

// In-memory data behind the msw handlers; `resetDb()` runs after every test.
type Db = {
  courses: Course[];
  /** The course builder's courses, drafts too (GET /api/admin/courses…); removed ones leave. */
  adminCourses: AdminCourse[];
  books: DbBook[];
  subscribers: Set<string>;
  users: DbUser[];
  /** Every user's book-cart lines (each names its owner in `email`). */
  carts: DbCartLine[];
  /** Every user's orders (each names its owner in `email`). */
  orders: DbOrder[];
  payments: DbPayment[];
  /** Admin changes to books, oldest first. */
  audit: DbAuditEntry[];
  /** Reports of chat messages, oldest first (the messages are the fake chat server's). */
  chatReports: DbChatReport[];
  /** Until when (ISO 8601) each muted user, by account id, may not send chat messages. */
  chatMutes: Map<string, string>;
  /** Page views' Core Web Vitals, oldest first. */
  vitals: DbVital[];
  /** Learners' progress by `${email} ${courseId}` (issue 31). */
  progress: Map<string, DbCourseProgress>;
  certificates: DbCertificate[];
  /** Course reviews, oldest first. */
  reviews: DbReview[];
};

let userSequence = 0;

/** Adds (or replaces) an account; the profile starts empty unless given. */
export function addUser(
  email: string,
  role: UserRole = 'user',
  profile: Partial<UserProfile> = {},
): DbUser {
  const normalized = email.trim().toLowerCase();
  const user: DbUser = {
    _id: `u-${++userSequence}`,
    email: normalized,
    role,
    profile: {
      email: normalized,
      name: '',
      education: '',
      phoneNumber: '',
      address: '',
      social: '',
      signUpDate: '',
      ...profile,
    },
  };
  db.users = [...db.users.filter((other) => other.email !== normalized), user];
  return user;
}

export function findUser(email: string): DbUser | undefined {
  const normalized = email.trim().toLowerCase();
  return db.users.find((user) => user.email === normalized);
}

function seedUsers(): void {
  db.users = [];
  // The same ids after every reset: a token made for a seeded user (its subject is the account,
  // docs/decisions.md D53) stays valid from one test to the next.
  userSequence = 0;
  addUser('admin@learntogether.test', 'admin', { name: 'Ada Admin' });
  addUser('student@learntogether.test', 'user', { name: 'Sam Student' });
  addUser('reader@learntogether.test', 'user');
}

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

/** The builder's view of the seed courses (published, one section each) and one draft. */
function seedAdminCourses(): AdminCourse[] {
  const updatedAt = '2026-01-05T10:00:00.000Z';
  const published = seedCourses().map((course, index): AdminCourse => ({
    _id: course._id,
    name: course.name,
    price: course.price,
    image: course.image,
    summary: `Learn ${course.name.toLowerCase()} step by step.`,
    description: '',
    outcomes: ['Build something real'],
    published: true,
    updatedAt,
    sections: [
      {
        _id: `${course._id}-1`,
        title: 'Getting started',
        lessons: [
          {
            _id: `${course._id}-1-1`,
            title: 'Welcome',
            minutes: 5 + index,
            preview: true,
            content: { kind: 'reading', markdown: '# Welcome\n\nWhat this course covers.' },
          },
          {
            _id: `${course._id}-1-2`,
            title: 'Check yourself',
            minutes: 4,
            preview: false,
            content: {
              kind: 'quiz',
              passPercent: 50,
              markdown: '',
              questions: [{ prompt: 'Ready?', choices: ['Yes', 'No'], answers: [0] }],
            },
          },
        ],
      },
    ],
  }));
  const draft: AdminCourse = {
    _id: 'rust-basics',
    name: 'Rust Basics',
    price: 29,
    image: '/images/courses/react.svg',
    summary: 'Ownership and borrowing, gently.',
    description: '',
    outcomes: [],
    published: false,
    updatedAt,
    sections: [{ _id: 'rust-basics-s-1', title: 'Ownership', lessons: [] }],
  };
  return [...published, draft];
}

function seedBooks(): DbBook[] {
  return [
    buildBookDetail({ _id: 'b-1', name: 'Clean Code', price: 32.5, category: 'programming' }),
    buildBookDetail({ _id: 'b-2', name: 'The Hobbit', price: 12.99, category: 'story' }),
    buildBookDetail({ _id: 'b-3', name: 'Dune', price: 15, category: 'science fiction' }),
    buildBookDetail({
      _id: 'b-4',
      name: 'Eloquent JavaScript',
      price: 29.99,
      category: 'programming',
    }),
    buildBookDetail({ _id: 'b-5', name: 'Foundation', price: 11.25, category: 'science fiction' }),
    buildBookDetail({ _id: 'b-6', name: 'Little Women', price: 9.99, category: 'story' }),
  ];
}

const HOUR_MS = 60 * 60 * 1000;

/** A few page views of the last days, so `npm run dev:mock`'s Performance screen has figures. */
function seedVitals(): DbVital[] {
  const now = Date.now();
  const view = (hoursAgo: number, route: PageRoute, metrics: VitalsBeacon['metrics']): DbVital => ({
    route,
    metrics,
    connection: '4g',
    createdAt: now - hoursAgo * HOUR_MS,
  });
  return [
    view(150, '/home', { LCP: 2100, INP: 80, CLS: 0.02, FCP: 1200, TTFB: 300 }),
    view(100, '/home', { LCP: 1900, INP: 120, CLS: 0.01, FCP: 1100, TTFB: 280 }),
    view(60, '/home', { LCP: 2600, INP: 60, CLS: 0.03, FCP: 1500, TTFB: 420 }),
    view(20, '/home', { LCP: 1700, CLS: 0, FCP: 950, TTFB: 250 }),
    view(90, '/book', { LCP: 3100, INP: 240, CLS: 0.08, FCP: 1900, TTFB: 650 }),
    view(30, '/book', { LCP: 2800, INP: 180, CLS: 0.12, FCP: 1700, TTFB: 600 }),
    view(5, '/book', { LCP: 3400, INP: 310, CLS: 0.09, FCP: 2100, TTFB: 900 }),
    view(70, '/book/:bookId', { LCP: 1600, INP: 90, CLS: 0.01, FCP: 900, TTFB: 200 }),
    view(2, '/book/:bookId', { LCP: 1800, INP: 110, CLS: 0.02, FCP: 1000, TTFB: 240 }),
    view(40, '/cart-book', { LCP: 4700, INP: 620, CLS: 0.3, FCP: 3300, TTFB: 1900 }),
  ];
}

export const db: Db = {
  courses: seedCourses(),
  adminCourses: seedAdminCourses(),
  books: seedBooks(),
  subscribers: new Set(),
  users: [],
  carts: [],
  orders: [],
  payments: [],
  audit: [],
  chatReports: [],
  chatMutes: new Map(),
  vitals: seedVitals(),
  progress: new Map(),
  certificates: [],
  reviews: [],
};
seedUsers();

export function resetDb(): void {
  db.courses = seedCourses();
  db.adminCourses = seedAdminCourses();
  db.books = seedBooks();
  db.subscribers = new Set();
  db.carts = [];
  db.orders = [];
  db.payments = [];
  db.audit = [];
  db.chatReports = [];
  db.chatMutes = new Map();
  db.vitals = seedVitals();
  db.progress = new Map();
  db.certificates = [];
  db.reviews = [];
  seedUsers();
}
