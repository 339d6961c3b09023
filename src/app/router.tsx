import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RequireAdmin } from '@/components/guards/require-admin';
import { RequireAuth } from '@/components/guards/require-auth';
import { RootLayout } from './root-layout';

// Every screen is its own lazy chunk.
const screens = {
  home: lazy(() => import('./routes/home')),
  courses: lazy(() => import('./routes/courses')),
  courseCart: lazy(() => import('./routes/course-cart')),
  book: lazy(() => import('./routes/book')),
  allBooks: lazy(() => import('./routes/all-books')),
  bookCart: lazy(() => import('./routes/book-cart')),
  groupLearn: lazy(() => import('./routes/group-learn')),
  messageBox: lazy(() => import('./routes/message-box')),
  chatRoom: lazy(() => import('./routes/chat-room')),
  drawing: lazy(() => import('./routes/drawing')),
  login: lazy(() => import('./routes/login')),
  signup: lazy(() => import('./routes/signup')),
  payment: lazy(() => import('./routes/payment')),
  paymentCard: lazy(() => import('./routes/payment-card')),
  dashboard: lazy(() => import('./routes/dashboard/dashboard-layout')),
  profile: lazy(() => import('./routes/dashboard/profile')),
  myOrders: lazy(() => import('./routes/dashboard/my-orders')),
  allUsers: lazy(() => import('./routes/dashboard/all-users')),
  addBook: lazy(() => import('./routes/dashboard/add-book')),
  notFound: lazy(() => import('./routes/not-found')),
} satisfies Record<string, LazyExoticComponent<ComponentType>>;

const open = (Screen: ComponentType) => <Screen />;
const signedIn = (Screen: ComponentType) => (
  <RequireAuth>
    <Screen />
  </RequireAuth>
);
const adminOnly = (Screen: ComponentType) => (
  <RequireAdmin>
    <Screen />
  </RequireAdmin>
);

/** The spec's route table (§2). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: open(screens.home) },
      { path: '/home', element: open(screens.home) },
      { path: '/courses', element: open(screens.courses) },
      { path: '/cart', element: open(screens.courseCart) },
      { path: '/book', element: open(screens.book) },
      { path: '/all-books', element: signedIn(screens.allBooks) },
      { path: '/cart-book', element: signedIn(screens.bookCart) },
      { path: '/grouplearn', element: signedIn(screens.groupLearn) },
      { path: '/messagebox', element: signedIn(screens.messageBox) },
      { path: '/chat/:roomId', element: signedIn(screens.chatRoom) },
      { path: '/drawing', element: open(screens.drawing) },
      { path: '/login', element: open(screens.login) },
      { path: '/signup', element: open(screens.signup) },
      { path: '/payment', element: signedIn(screens.payment) },
      { path: '/paymentcard', element: signedIn(screens.paymentCard) },
      {
        path: '/dashboard',
        element: signedIn(screens.dashboard),
        children: [
          { index: true, element: open(screens.profile) },
          { path: 'myOrders', element: open(screens.myOrders) },
          { path: 'allusers', element: adminOnly(screens.allUsers) },
          { path: 'addbook', element: adminOnly(screens.addBook) },
        ],
      },
      { path: '*', element: open(screens.notFound) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
