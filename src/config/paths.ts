import { RECEIPT_ROUTE, receiptPath } from '@contract/receipt';

const dashboard = '/dashboard';

/** The dashboard's screens relative to /dashboard: the router nests them there. */
export const dashboardRoutes = {
  myOrders: 'myOrders',
  myCourses: 'myCourses',
  allUsers: 'allusers',
  addBook: 'addbook',
  adminBooks: 'books',
  adminOrders: 'orders',
  adminCourses: 'courses',
  adminCourseNew: 'courses/new',
  adminCourse: 'courses/:courseId',
  sales: 'sales',
  performance: 'performance',
  reports: 'reports',
} as const;

// Every route path of the product in one place (docs/product.md §2 route table).
export const paths = {
  root: '/',
  home: '/home',
  courses: '/courses',
  /** A course's page (docs/product.md §2.25). */
  coursePage: (courseId: string) => `/courses/${encodeURIComponent(courseId)}`,
  /** The player: a lesson, or (without one) where the learner left off (docs/product.md §2.26). */
  learn: (courseId: string, lessonId?: string) =>
    `/learn/${encodeURIComponent(courseId)}${lessonId === undefined ? '' : `/${encodeURIComponent(lessonId)}`}`,
  /** A certificate's public page (docs/product.md §2.27). */
  certificate: (certificateId: string) => `/certificates/${encodeURIComponent(certificateId)}`,
  courseCart: '/cart',
  book: '/book',
  bookPage: (bookId: string) => `/book/${encodeURIComponent(bookId)}`,
  // The server's order and refund mails link to it too (contract/receipt.ts).
  receipt: receiptPath,
  allBooks: '/all-books',
  bookCart: '/cart-book',
  groupLearn: '/grouplearn',
  messageBox: '/messagebox',
  chatRoom: (roomId: string) => `/chat/${encodeURIComponent(roomId)}`,
  drawing: '/drawing',
  login: '/login',
  signup: '/signup',
  payment: '/payment',
  paymentCard: '/paymentcard',
  dashboard,
  myOrders: `${dashboard}/${dashboardRoutes.myOrders}`,
  myCourses: `${dashboard}/${dashboardRoutes.myCourses}`,
  allUsers: `${dashboard}/${dashboardRoutes.allUsers}`,
  addBook: `${dashboard}/${dashboardRoutes.addBook}`,
  adminBooks: `${dashboard}/${dashboardRoutes.adminBooks}`,
  adminOrders: `${dashboard}/${dashboardRoutes.adminOrders}`,
  adminCourses: `${dashboard}/${dashboardRoutes.adminCourses}`,
  adminCourseNew: `${dashboard}/${dashboardRoutes.adminCourseNew}`,
  adminCourse: (courseId: string) =>
    `${dashboard}/${dashboardRoutes.adminCourses}/${encodeURIComponent(courseId)}`,
  sales: `${dashboard}/${dashboardRoutes.sales}`,
  performance: `${dashboard}/${dashboardRoutes.performance}`,
  reports: `${dashboard}/${dashboardRoutes.reports}`,
  // The footer's company and legal pages (docs/product.md §2.19).
  about: '/about',
  contact: '/contact',
  jobs: '/jobs',
  terms: '/terms',
  privacy: '/privacy',
  cookies: '/cookies',
} as const;

/** The router's patterns for the paths that take a parameter (see `paths.chatRoom`). */
export const routePatterns = {
  chatRoom: '/chat/:roomId',
  bookPage: '/book/:bookId',
  receipt: RECEIPT_ROUTE,
  coursePage: '/courses/:courseId',
  lesson: '/learn/:courseId/:lessonId',
  learnResume: '/learn/:courseId',
  certificate: '/certificates/:certificateId',
} as const;
