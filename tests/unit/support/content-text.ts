import * as about from '../../../src/features/content/data/about';
import * as browsers from '../../../src/features/content/data/browsers';
import { AUDIENCE_BODIES } from '../../../src/features/content/data/audiences';
import { COMPARISON_BODIES } from '../../../src/features/content/data/comparisons';
import { FAQ } from '../../../src/features/content/data/faq';
import * as features from '../../../src/features/content/data/features';
import { GUIDE_BODIES } from '../../../src/features/content/data/guides';
import * as home from '../../../src/features/content/data/home';
import { PRIVACY_POLICY } from '../../../src/features/content/data/privacy';
import { TERMS_OF_SERVICE } from '../../../src/features/content/data/terms';
import { AUDIENCES, COMPARISONS, GUIDES } from '../../../src/features/content/catalog';

/** Every word of the content data, as one string, to check claims across all pages at once. */
export function allContentText(): string {
  return JSON.stringify([
    about,
    browsers.BROWSERS,
    features,
    home,
    FAQ,
    AUDIENCE_BODIES,
    GUIDE_BODIES,
    COMPARISON_BODIES,
    PRIVACY_POLICY,
    TERMS_OF_SERVICE,
    AUDIENCES,
    GUIDES,
    COMPARISONS,
  ]);
}
