import { Suspense, useEffect, useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { LazyToaster } from '@/components/lazy-toaster';
import { Footer } from '@/components/layout/footer';
import { Navbar } from '@/components/layout/navbar';
import { ScrollRestoration } from '@/components/layout/scroll-restoration';
import { Spinner } from '@/components/spinner';
import { useGetCartQuery } from '@/features/book-cart/api/cart-api';
import { selectCourseCartCount } from '@/features/course-cart/course-cart-slice';
import { NewsletterForm } from '@/features/newsletter/newsletter-form';
import { baseApi } from '@/lib/api/base-api';
import { useAuth } from '@/lib/auth';
import { useAppDispatch, useAppSelector } from '@/lib/redux-hooks';

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
    if (left) dispatch(baseApi.util.resetApiState());
  }, [account, dispatch]);
}

/** Navbar, the current screen (lazy) and the footer with the newsletter form. */
export function RootLayout() {
  const courseCartCount = useAppSelector(selectCourseCartCount);
  const { status, user } = useAuth();
  const signedIn = status === 'signed-in';
  useServerStatePerAccount(signedIn ? (user?.email ?? null) : null);
  // The badge counts the lines of the signed-in user's book cart (DESIGN.md §4).
  const { currentData: cartLines } = useGetCartQuery(undefined, { skip: !signedIn });
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <Navbar
        cartCount={signedIn ? (cartLines?.length ?? 0) : 0}
        courseCartCount={courseCartCount}
      />
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
