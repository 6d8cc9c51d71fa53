import { Link } from '@tanstack/react-router';
import { CLOSING_CTA } from '../../content/landing';

export function ClosingCta() {
  return (
    <section className="site-section" aria-labelledby="cta-title">
      <div className="site-cta">
        <h2 id="cta-title">{CLOSING_CTA.title}</h2>
        <p>{CLOSING_CTA.lead}</p>
        <div className="site-actions">
          <Link to={CLOSING_CTA.primary.to} className="site-button site-button-primary site-button-lg">
            {CLOSING_CTA.primary.label}
          </Link>
          <Link to={CLOSING_CTA.secondary.to} className="site-button site-button-secondary site-button-lg">
            {CLOSING_CTA.secondary.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
