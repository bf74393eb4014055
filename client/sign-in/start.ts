/*
 * The one script written into a sign-in page (the build inlines it, and the CSP admits it by its hash). The page
 * paints from its HTML alone; this starts the page's own script (main.ts, named in a meta tag) once the first text
 * is on screen, so nothing fetched or run for the page's behaviour stands before that paint. A form sent in the
 * moment before that script has arrived is held, and sent once it has: nothing typed is lost, nothing posts.
 */

const script = document.querySelector<HTMLMetaElement>('meta[name="sign-in-script"]')?.content;
const held = new Set<HTMLFormElement>();

function hold(event: Event) {
  event.preventDefault();
  if (event.target instanceof HTMLFormElement) held.add(event.target);
}

function release() {
  removeEventListener('submit', hold, true);
}

let started = false;

function start() {
  if (started || !script) return;
  started = true;
  // After the paint's own task, not inside it.
  setTimeout(() => {
    import(script).then(() => {
      release();
      for (const form of held) form.requestSubmit();
    }, release);
  });
}

if (script) {
  addEventListener('submit', hold, true);
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) start();
    }).observe({ type: 'paint', buffered: true });
  } else requestAnimationFrame(start);
}

export {};
