// 'Skip to main content' (issue 32): the first thing Tab reaches on every page, hidden until focused, so a keyboard
// or screen-reader user need not walk the whole navigation on each page. Its target is MAIN_ID on the page's <main>.
export const MAIN_ID = 'main';

export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[100] focus:rounded-lg focus:bg-espresso-900 focus:px-4 focus:py-2 focus:text-crema focus:shadow-lg"
    >
      Skip to main content
    </a>
  );
}
