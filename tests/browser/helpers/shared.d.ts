// Files from shared/ (beside the repository), resolved by the esbuild bundler in scripts/browser-tests.mjs.
declare module '@shared/xss/dompurify-vectors.json' {
  const vectors: { title: string; payload: string }[];
  export default vectors;
}
