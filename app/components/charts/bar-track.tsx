/**
 * One bar drawn as a filled track, its length relative to `max`; a value above zero keeps a
 * sliver so that it does not read as zero. `className` gives the track its colour and place.
 */
export function BarTrack({
  value,
  max,
  className,
}: {
  value: number;
  max: number;
  className: string;
}) {
  return (
    <span className={`h-3 rounded ${className}`}>
      <span
        className="block h-3 rounded bg-brand-700"
        style={{
          width: `${(value / max) * 100}%`,
          minWidth: value > 0 ? 3 : 0,
        }}
      />
    </span>
  );
}
