/** The floating webcam window's public face for other features: the button that opens it. */
export { WebcamWindowLauncher } from './WebcamWindowLauncher';

export { WebcamWindowHost } from './WebcamWindowHost';
