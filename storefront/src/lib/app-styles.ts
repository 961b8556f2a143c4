/** The id of the stylesheet's `<link rel="preload">` in the built index.html. */
export const APP_STYLES_ID = 'app-styles';

/**
 * Resolves once the app's stylesheet applies. The built index.html only preloads it, so that it does not
 * hold back the first paint (build/styles-off-the-critical-path.ts); this turns it into a stylesheet
 * (the preloaded copy, no second download) and waits for it, so React never renders an unstyled page.
 * In development Vite injects the styles itself: there is no preload link and nothing to wait for.
 */
export function appStyles(id = APP_STYLES_ID): Promise<void> {
  const preload = document.getElementById(id);
  if (!(preload instanceof HTMLLinkElement)) return Promise.resolve();
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = preload.href;
  if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
  return new Promise((resolve) => {
    // an error still renders the page: unstyled beats blank
    sheet.addEventListener('load', () => resolve(), { once: true });
    sheet.addEventListener('error', () => resolve(), { once: true });
    document.head.appendChild(sheet);
  });
}
