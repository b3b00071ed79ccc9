import { sparklinePoints } from '../../src/models/activity';

/** A small SVG line of daily numbers; no chart library needed for a polyline. */
export function Sparkline({
  values,
  width = 96,
  height = 24,
  label,
}: {
  values: readonly number[];
  width?: number;
  height?: number;
  label: string;
}) {
  const points = sparklinePoints(values, width, height);
  return (
    <svg className="tl-sparkline" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}
