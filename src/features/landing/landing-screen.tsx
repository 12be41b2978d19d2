import texts from '../../../locales/landing/en.json'
import { addNamespace } from '../../stores/locale'
import { BannerSection } from './banner-section'
import { ContactSection } from './contact-section'
import { FeatureSection } from './feature-section'
import { LandingFooter } from './landing-footer'
import { LandingHeader } from './landing-header'
import { PricingSection } from './pricing-section'
import { ShowcaseSection } from './showcase-section'
import { TechSection } from './tech-section'
import { TestimonialsSection } from './testimonials-section'

// The landing page's texts travel with it, not in the main locale file of the sign-in page.
addNamespace(texts, (locale) => import(`../../../locales/landing/${locale}.json`))

/** The public landing page (`/landing`): the pitch, the sections of the console, a contact form. */
export default function LandingScreen() {
  return (
    <>
      <LandingHeader />
      <main>
        <BannerSection />
        <FeatureSection />
        <ShowcaseSection />
        <TechSection />
        <TestimonialsSection />
        <PricingSection />
        <ContactSection />
      </main>
      <LandingFooter />
    </>
  )
}
