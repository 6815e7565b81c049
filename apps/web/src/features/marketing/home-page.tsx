import { MarketingLayout } from './components/marketing-layout';
import { FaqSection } from './home/faq-section';
import { FeaturesSection } from './home/features-section';
import { HeroSection } from './home/hero-section';
import { HowItWorksSection } from './home/how-it-works-section';
import { PricingSection } from './home/pricing-section';
import { ResourcesSection } from './home/resources-section';
import { ServicesSection } from './home/services-section';

/**
 * The home page (spec 01 §2): hero, features, services, how it works, pricing, guides teaser
 * and FAQ, between the fixed header and the footer.
 */
export function HomePage() {
  return (
    <MarketingLayout>
      <HeroSection />
      <FeaturesSection />
      <ServicesSection />
      <HowItWorksSection />
      <PricingSection />
      <ResourcesSection />
      <FaqSection />
    </MarketingLayout>
  );
}
