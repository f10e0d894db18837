import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { applyHeadTags } from '../shared/metadata/apply-head';
import { headTags } from '../shared/metadata/page-meta';
import { SITE } from '../shared/site';
import { metaForPath } from './route-meta';

/** Keeps the document head in step with the current route's metadata. */
export function PageHead() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => {
    applyHeadTags(document, headTags(metaForPath(pathname), SITE));
  }, [pathname]);
  return null;
}
