import { FEATURES, FEATURES_SECTION } from '../../content/landing';
import { RichText } from '../../layout/RichText';
import { FeatureIcon } from './FeatureIcon';
import { SectionHead } from './SectionHead';

export function Features() {
  return (
    <section id={FEATURES_SECTION.id} className="site-section" aria-labelledby="features-title">
      <SectionHead
        titleId="features-title"
        eyebrow={FEATURES_SECTION.eyebrow}
        title={FEATURES_SECTION.title}
        lead={FEATURES_SECTION.lead}
      />
      <ul className="site-feature-grid">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="site-card site-feature">
            <FeatureIcon name={feature.icon} />
            <h3>{feature.title}</h3>
            <p>
              <RichText text={feature.body} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
