import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { apiFailureOf, errorMessageOr } from '@/lib/api/error-message';
import { SHOP_UNREACHABLE_AFTER_PAYMENT, useSettledCheckout } from '../hooks/use-settled-checkout';
import { CheckoutSummary } from './checkout-summary';
import { ShopUnreachableNotice } from './shop-unreachable-notice';

/**
 * A printable receipt at /orders/{paymentId}/receipt (the buyer's, or any admin's): the shop, the
 * order and a Print button; the navbar and footer are left off the printed page. A payment still
 * being confirmed is re-read until it is settled.
 */
export function ReceiptScreen({ paymentId }: { paymentId: string }) {
  const { data, error, isError, refetch, unreachable } = useSettledCheckout(paymentId);
  const notFound = isError && apiFailureOf(error)?.status === 404;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 print:max-w-none print:p-0">
      <PageTitle title={data ? `Receipt ${data.orderNumber}` : 'Receipt'} />
      <header className="mb-8 flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-lg font-bold text-primary">LearnTogether</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight">Receipt</h1>
          <p className="mt-1 text-sm text-base-content/70">Card payment through Stripe</p>
        </div>
        {data && (
          <button
            type="button"
            className="btn btn-outline rounded-xl normal-case print:hidden"
            onClick={() => window.print()}
          >
            Print receipt
          </button>
        )}
      </header>
      {unreachable && (
        <div className="mb-6 print:hidden">
          <ShopUnreachableNotice message={SHOP_UNREACHABLE_AFTER_PAYMENT} />
        </div>
      )}
      {notFound ? (
        <div className="space-y-4">
          <p>We could not find this order.</p>
          <Link to={paths.myOrders} className="btn btn-primary rounded-xl normal-case">
            See My Orders
          </Link>
        </div>
      ) : isError && !unreachable && !data ? (
        <LoadError
          message={errorMessageOr(error, 'The receipt could not be loaded.')}
          onRetry={() => void refetch()}
        />
      ) : data ? (
        <CheckoutSummary checkout={data} />
      ) : (
        <div role="status" className="skeleton h-72 w-full rounded-xl">
          <span className="sr-only">Loading the receipt…</span>
        </div>
      )}
    </div>
  );
}
