import { usePageTitle } from '../../layout/use-page-title';
import { ClosingCta } from './ClosingCta';
import { Faq } from './Faq';
import { Features } from './Features';
import { Hero } from './Hero';
import { Pricing } from './Pricing';
import { useScrollToSection } from './use-scroll-to-section';

/** /home and /developer: the hero, the features, pricing, FAQ and the closing call to action. */
export function LandingPage() {
  usePageTitle(null);
  useScrollToSection();
  return (
    <>
      <Hero />
      <Features />
      <Pricing />
      <Faq />
      <ClosingCta />
    </>
  );
}
