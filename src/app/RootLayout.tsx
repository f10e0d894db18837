import { Outlet } from '@tanstack/react-router';
import { WebcamWindowHost } from '../features/webcam-window/WebcamWindowHost';
import { Footer } from './shell/Footer';
import { Header } from './shell/Header';
import { PageHead } from './PageHead';
import classes from './shell/Shell.module.css';

export function RootLayout() {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <PageHead />
      <Header />
      <main id="main" className={classes.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {/* Outside the routes, so the floating webcam stays open from page to page. */}
      <WebcamWindowHost />
    </>
  );
}
