import { Link } from '@tanstack/react-router';
import { BLOG } from '../../content/blog';
import { usePageTitle } from '../../layout/use-page-title';

export function BlogPage() {
  usePageTitle(BLOG.title);
  return (
    <section className="site-not-found" aria-labelledby="blog-title">
      <span className="site-eyebrow">{BLOG.title}</span>
      <h1 id="blog-title">{BLOG.heading}</h1>
      <p>{BLOG.body}</p>
      <div className="site-actions">
        {BLOG.links.map((link) =>
          link.kind === 'service' ? (
            <a key={link.href} href={link.href} className="site-button site-button-secondary">
              {link.label}
            </a>
          ) : (
            <Link key={link.href} to={link.href} className="site-button site-button-primary">
              {link.label}
            </Link>
          ),
        )}
      </div>
    </section>
  );
}
