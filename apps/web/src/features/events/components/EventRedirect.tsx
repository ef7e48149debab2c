import { paths } from '@/config/paths';
import { Navigate, useParams } from 'react-router';

/** /events/{id}, where the spec's map and feed point, is the admin event page. */
export function EventRedirect() {
  const { eventId = '' } = useParams();
  return <Navigate to={paths.admin.event.getHref(eventId)} replace />;
}
