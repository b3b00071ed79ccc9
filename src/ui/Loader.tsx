/**
 * A spinner with a name for screen readers. With `delayMs`, it stays out of sight (and out of the
 * accessibility tree) until that long has passed, so a quick load shows no spinner at all: the delay
 * is a CSS animation delay (base.css `.tl-loader-delay`), with no timer and no re-render.
 */
export function Loader({ label = 'Loading', size = 24, delayMs = 0 }: { label?: string; size?: number; delayMs?: number }) {
  const spinner = <span className="tl-loader" role="status" aria-label={label} style={{ width: size, height: size }} />;
  if (delayMs <= 0) return spinner;
  return (
    <span className="tl-loader-delay" style={{ animationDelay: `${delayMs}ms` }}>
      {spinner}
    </span>
  );
}
