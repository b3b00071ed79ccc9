/** HTML fixtures are bundled into the browser tests as text (scripts/browser-tests.mjs). */
declare module '*.html' {
  const text: string;
  export default text;
}
