import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LazyToaster } from '@/components/lazy-toaster';
import { Footer } from '@/components/layout/footer';
import { Navbar } from '@/components/layout/navbar';
import { PageTitle } from '@/components/page-title';
import { ScrollRestoration } from '@/components/layout/scroll-restoration';
import { Spinner } from '@/components/spinner';
import type { UnreadTotals } from '@/features/chat/components/chat-unread-count';
import { selectCourseCartCount } from '@/features/course-cart/course-cart-slice';
import { NewsletterForm } from '@/features/newsletter/newsletter-form';
import { loadedBaseApi } from '@/lib/api/lazy-api';
import { useAuth } from '@/lib/auth';
import { useAppDispatch, useAppSelector } from '@/lib/redux-hooks';
import { shopPage } from '@/lib/page-meta';
import { useHydratedValue } from '@/lib/use-hydrated';
import { screenNamesItsTab } from './screens';

/**
 * Whose server state the cache holds: when the signed-in account ends or changes, everything
 * cached for it (the cart behind the badge above all) goes, so the next user never sees it.
 */
function useServerStatePerAccount(account: string | null) {
  const dispatch = useAppDispatch();
  const previous = useRef(account);
  useEffect(() => {
    if (previous.current === account) return;
    const left = previous.current !== null;
    previous.current = account;
    // A visitor's cache holds only public data; it can stay when they sign in.
    const api = loadedBaseApi();
    if (left && api) dispatch(api.util.resetApiState());
  }, [account, dispatch]);
}

const BookCartCount = lazy(() => import('@/features/book-cart/components/book-cart-count'));
const ChatUnreadCount = lazy(() => import('@/features/chat/components/chat-unread-count'));
// A signed-in session's alone, as the badges are (docs/decisions.md D105).
const PendingOrderHandler = lazy(
  () => import('@/features/book-cart/components/pending-order-handler'),
);
const NO_UNREAD: UnreadTotals = { total: 0, mentions: 0 };

/** The tab's title and the description of a screen that sets none: its path's (docs/decisions.md D77). */
function ShopPageTitle() {
  const { pathname } = useLocation();
  if (screenNamesItsTab(pathname)) return null;
  const page = shopPage(pathname);
  return <PageTitle title={page.title} description={page.description} />;
}

/**
 * The navbar with its badges. The counts live here, not in the layout: a change of one (a course
 * added to the cart, a chat message) re-renders the navbar alone, not the footer and the layout
 * around the screen (an Add To Cart tap's INP, docs/decisions.md D86).
 */
function ShopNavbar({ signedIn }: { signedIn: boolean }) {
  // The course cart lives in this browser (localStorage): counted once a prerendered page is hydrated.
  const courseCartCount = useHydratedValue(useAppSelector(selectCourseCartCount), 0);
  // The badge counts the lines of the signed-in user's book cart (docs/decisions.md).
  const [cartCount, setCartCount] = useState(0);
  // The group-learning icon's badge: unread chat messages and mentions (docs/product.md §2.16).
  const [chatUnread, setChatUnread] = useState(NO_UNREAD);
  return (
    <>
      {signedIn && (
        <Suspense fallback={null}>
          <BookCartCount onCount={setCartCount} />
          <ChatUnreadCount onCount={setChatUnread} />
        </Suspense>
      )}
      <Navbar
        cartCount={signedIn ? cartCount : 0}
        courseCartCount={courseCartCount}
        chatUnread={signedIn ? chatUnread : NO_UNREAD}
      />
    </>
  );
}

/** Navbar, the current screen (lazy) and the footer with the newsletter form. */
export function RootLayout() {
  const { status, user } = useAuth();
  const signedIn = status === 'signed-in';
  useServerStatePerAccount(signedIn ? (user?.email ?? null) : null);
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <ShopPageTitle />
      {signedIn && (
        <Suspense fallback={null}>
          <PendingOrderHandler />
        </Suspense>
      )}
      <ShopNavbar signedIn={signedIn} />
      <main className="app-page flex-1">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer newsletter={<NewsletterForm />} />
      <LazyToaster />
      <ScrollRestoration />
    </div>
  );
}
