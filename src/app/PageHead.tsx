import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { applyHeadTags } from '../shared/metadata/apply-head';
import { headTags } from '../shared/metadata/page-meta';
import { SITE } from '../shared/site';
import { guideSlugOf, metaForPath, withGuideSteps } from './route-list';
import { reportError } from '../shared/report-error';

// A guide's HowTo lists its steps, which live in the guides' data module: a chunk the guide route
// has already loaded by the time its head is applied, so this import costs no extra request there.
const loadGuides = () => import('../features/content/data/guides');

/** Keeps the document head in step with the current route's metadata. */
export function PageHead() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => {
    const meta = metaForPath(pathname);
    const slug = guideSlugOf(pathname);
    if (!slug) {
      applyHeadTags(document, headTags(meta, SITE));
      return;
    }
    let current = true;
    void loadGuides()
      .then(({ findGuide }) => findGuide(slug)?.steps)
      // Without the steps the head is still right, only less detailed.
      .catch((error: unknown) => {
        reportError('page head: load the guide steps', error);
        return undefined;
      })
      .then((steps) => {
        if (current) applyHeadTags(document, headTags(steps ? withGuideSteps(meta, steps) : meta, SITE));
      });
    return () => {
      current = false;
    };
  }, [pathname]);
  return null;
}
