import { Link } from '@tanstack/react-router';
import { NOT_FOUND } from '../../content/not-found';
import { PublicLayout } from '../../layout/PublicLayout';
import { usePageTitle } from '../../layout/use-page-title';

/**
 * Any path the app has no route for. The service answered it with status 404 and logged the path; an in-app link
 * to a path that does not exist lands here too.
 */
export function NotFoundPage() {
  usePageTitle(NOT_FOUND.title);
  return (
    <PublicLayout>
      <section className="site-not-found">
        <p className="site-not-found-code" aria-hidden="true">
          404
        </p>
        <h1>{NOT_FOUND.heading}</h1>
        <p>{NOT_FOUND.body}</p>
        <Link to="/home" className="site-button site-button-primary">
          {NOT_FOUND.homeLink}
        </Link>
      </section>
    </PublicLayout>
  );
}
