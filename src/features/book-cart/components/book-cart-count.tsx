import { useEffect } from 'react';
import { useGetCartQuery } from '../api/cart-api';

/**
 * Reports how many lines the signed-in user's book cart has (the navbar's badge, docs/decisions.md).
 * A component of its own so the layout can load it, and RTK Query with it, only for signed-in
 * users: visitors' first screens stay smaller.
 */
export default function BookCartCount({ onCount }: { onCount: (count: number) => void }) {
  const { currentData: lines } = useGetCartQuery();
  const count = lines?.length ?? 0;
  useEffect(() => onCount(count), [count, onCount]);
  return null;
}
