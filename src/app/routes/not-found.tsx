import { useLocation } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <NotFoundPage
      code="404"
      title="Page not found"
      away={{ to: paths.root, label: 'Back to home' }}
    >
      We could not find{' '}
      <code className="break-all rounded-md bg-base-200 px-1.5 py-0.5 text-sm text-base-content">
        {pathname}
      </code>
      .
    </NotFoundPage>
  );
}
