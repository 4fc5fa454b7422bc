/** A generated illustration: WebP with a JPEG fallback, sized, lazy unless told otherwise. */
export function Picture({
  base,
  alt,
  width,
  height,
  eager = false,
  className,
}: {
  /** Path without extension, e.g. /images/practice-areas/dispute-1 */
  base: string;
  alt: string;
  width: number;
  height: number;
  eager?: boolean;
  className?: string;
}) {
  return (
    <picture>
      <source srcSet={`${base}.webp`} type="image/webp" />
      <img
        className={className}
        src={`${base}.jpg`}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
      />
    </picture>
  );
}
