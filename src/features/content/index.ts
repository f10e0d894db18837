/** The content pages (home, features, guides, audiences, comparisons, help, legal) and their catalog. */
export { AUDIENCES, COMPARISONS, GUIDES, type CatalogEntry, type GuideEntry } from './catalog';
export { browserMinimums } from './data/browsers';
export { FAQ } from './data/faq';
export { findGuide } from './data/guides';
export { AboutPage } from './pages/AboutPage';
export { AudiencePage } from './pages/AudiencePage';
export { ComparisonPage } from './pages/ComparisonPage';
export { FeaturesPage } from './pages/FeaturesPage';
export { GuidePage } from './pages/GuidePage';
export { HelpPage } from './pages/HelpPage';
export { HomePage } from './pages/HomePage';
export { PrivacyPage } from './pages/PrivacyPage';
export { TermsPage } from './pages/TermsPage';
