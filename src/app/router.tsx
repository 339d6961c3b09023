import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RequireAdmin } from '@/components/guards/require-admin';
import { RequireAuth } from '@/components/guards/require-auth';
import { dashboardRoutes, paths, routePatterns } from '@/config/paths';
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
      { path: paths.root, element: open(screens.home) },
      { path: paths.home, element: open(screens.home) },
      { path: paths.courses, element: open(screens.courses) },
      { path: paths.courseCart, element: open(screens.courseCart) },
      { path: paths.book, element: open(screens.book) },
      { path: paths.allBooks, element: signedIn(screens.allBooks) },
      { path: paths.bookCart, element: signedIn(screens.bookCart) },
      { path: paths.groupLearn, element: signedIn(screens.groupLearn) },
      { path: paths.messageBox, element: signedIn(screens.messageBox) },
      { path: routePatterns.chatRoom, element: signedIn(screens.chatRoom) },
      { path: paths.drawing, element: open(screens.drawing) },
      { path: paths.login, element: open(screens.login) },
      { path: paths.signup, element: open(screens.signup) },
      { path: paths.payment, element: signedIn(screens.payment) },
      { path: paths.paymentCard, element: signedIn(screens.paymentCard) },
      {
        path: paths.dashboard,
        element: signedIn(screens.dashboard),
        children: [
          { index: true, element: open(screens.profile) },
          { path: dashboardRoutes.myOrders, element: open(screens.myOrders) },
          { path: dashboardRoutes.allUsers, element: adminOnly(screens.allUsers) },
          { path: dashboardRoutes.addBook, element: adminOnly(screens.addBook) },
        ],
      },
      { path: '*', element: open(screens.notFound) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
