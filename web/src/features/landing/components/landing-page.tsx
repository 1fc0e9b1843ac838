import type { StartHandlers } from '../types';
import { FeatureCards } from './feature-cards';
import { HeroSection } from './hero-section';
import { HowItWorks } from './how-it-works';
import { LandingFooter } from './landing-footer';
import { LandingNav } from './landing-nav';
import { PricingSection } from './pricing-section';

/** The public landing page. Part of the entry chunk: keep it light. */
export function LandingPage(props: StartHandlers) {
  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(ellipse_at_top,rgba(124,58,237,0.18),transparent_55%)]">
      <LandingNav {...props} />
      <main className="flex-1">
        <HeroSection {...props} />
        <FeatureCards />
        <HowItWorks />
        <PricingSection />
      </main>
      <LandingFooter />
    </div>
  );
}
