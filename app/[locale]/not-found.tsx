import { NotFoundView } from '@/components/shell/NotFoundView';
import { appName } from '@/lib/env';

// No metadata function and no request data here: Next renders this boundary into
// static pages, where reading the locale from headers would make them dynamic.
export default function NotFound() {
  return <NotFoundView appName={appName()} />;
}
