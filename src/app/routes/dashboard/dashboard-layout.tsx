import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { DashboardMenu } from '@/components/layout/dashboard-menu';
import { Spinner } from '@/components/spinner';
import { useAuth } from '@/lib/auth';
import { dashboardMenu } from '@/app/screens';

/** The dashboard (docs/product.md §2): the side menu by role and the nested page. */
export default function DashboardLayout() {
  // Who sees which item is the route table's (src/app/screens.ts), as for the guards.
  const { isAdmin } = useAuth();
  return (
    <div className="bg-base-200/40">
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8 lg:px-8 lg:py-10">
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <div className="lg:rounded-2xl lg:bg-base-100 lg:p-3 lg:shadow-sm lg:ring-1 lg:ring-base-200">
            <p className="mb-3 hidden px-3 pt-1 text-xs font-semibold uppercase tracking-wider text-base-content/70 lg:block">
              Dashboard
            </p>
            <DashboardMenu items={dashboardMenu(isAdmin)} />
          </div>
        </aside>
        <div className="mt-6 min-w-0 lg:mt-0">
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
