// The toast layer, fetched by <LazyToaster/> on the first toast. react-toastify 11 injects its own
// stylesheet when the container mounts, so ReactToastify.css is not imported as well (it would
// ship the same rules twice).
import { useEffect } from 'react';
import { ToastContainer, toast } from 'react-toastify';
import { toastLayer } from '@/lib/notify';

/** Toasts close after 5 s (docs/product.md §9). */
export default function Toaster() {
  useEffect(() => toastLayer.connect((kind, text) => void toast[kind](text)), []);
  return <ToastContainer position="top-right" autoClose={5000} theme="light" newestOnTop />;
}
