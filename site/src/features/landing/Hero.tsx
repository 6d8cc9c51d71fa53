import { Link } from '@tanstack/react-router';
import { HERO } from '../../content/landing';
import { DashboardPreview } from './DashboardPreview';

export function Hero() {
  return (
    <section className="site-hero" aria-labelledby="hero-title">
      <div className="site-hero-inner">
        <div>
          <span className="site-eyebrow">{HERO.eyebrow}</span>
          <h1 id="hero-title">
            {HERO.titleStart}
            <em>{HERO.titleEmphasis}</em>
          </h1>
          <p className="site-lead">{HERO.lead}</p>
          <div className="site-actions">
            <Link to={HERO.primary.to} className="site-button site-button-primary site-button-lg">
              {HERO.primary.label}
            </Link>
            <Link to={HERO.secondary.to} className="site-button site-button-secondary site-button-lg">
              {HERO.secondary.label}
            </Link>
          </div>
        </div>
        <DashboardPreview />
      </div>
    </section>
  );
}
