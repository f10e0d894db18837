/** The service worker manager and the install button. */
export { InstallButton } from './InstallButton';
export { PwaManager } from './PwaManager';
export { watchInstallPrompt } from './install-prompt';
