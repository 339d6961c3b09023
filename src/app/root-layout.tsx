import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LazyToaster } from '@/components/lazy-toaster';
import { Footer } from '@/components/layout/footer';
import { Navbar } from '@/components/layout/navbar';
import { ScrollRestoration } from '@/components/layout/scroll-restoration';
import { Spinner } from '@/components/spinner';
import { selectCourseCartCount } from '@/features/course-cart/course-cart-slice';
import { NewsletterForm } from '@/features/newsletter/newsletter-form';
import { useAppSelector } from '@/lib/redux-hooks';

/** Navbar, the current screen (lazy) and the footer with the newsletter form. */
export function RootLayout() {
  const courseCartCount = useAppSelector(selectCourseCartCount);
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      {/* The book cart does not exist yet: the book-cart issue wires cartCount. */}
      <Navbar cartCount={0} courseCartCount={courseCartCount} />
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
