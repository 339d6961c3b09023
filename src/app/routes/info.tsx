import { useLocation } from 'react-router';
import { InfoScreen } from '@/features/info/components/info-screen';
import { infoPageAt } from '@/features/info/info-pages';

/** The footer's six company and legal pages share this screen; the address picks the page. */
export default function InfoRoute() {
  const { pathname } = useLocation();
  const page = infoPageAt(pathname);
  // The route table sends only the six pages' paths here.
  return page ? <InfoScreen page={page} /> : null;
}
