import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

// One cache for every view of the stored recordings (the studio's library, the recovery notice on
// any page), so a change seen by one refreshes the others.
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 5_000, refetchOnWindowFocus: false } },
});

/**
 * Around the parts of the app that read stored recordings. Only they load the query library; content
 * pages, which read none, do not (docs/decisions/0016-first-load.md).
 */
export function RecordingsQueries({ children }: { readonly children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
