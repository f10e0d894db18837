import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { Providers } from './providers';
import type { AppRouter } from './router';

/** The whole app around a router; the browser and the prerenderer render exactly this tree. */
export function App({ router }: { readonly router: AppRouter }) {
  return (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
}
