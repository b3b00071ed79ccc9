/** A spinner with a name for screen readers. */
export function Loader({ label = 'Loading', size = 24 }: { label?: string; size?: number }) {
  return <span className="tl-loader" role="status" aria-label={label} style={{ width: size, height: size }} />;
}
