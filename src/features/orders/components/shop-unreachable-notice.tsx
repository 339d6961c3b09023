import { AlertIcon } from '@/components/icons/alert-icon';

/**
 * The shop did not answer, and the page asks again by itself: said politely (role="status", not
 * an alert), with no button, since there is nothing for the buyer to do.
 */
export function ShopUnreachableNotice({ message }: { message: string }) {
  return (
    <p role="status" className="flex items-start gap-2 rounded-xl bg-warning/15 px-4 py-3 text-sm">
      <AlertIcon className="mt-0.5 h-5 w-5 shrink-0 text-warning-content" />
      <span>{message}</span>
    </p>
  );
}
