import type { ReactNode } from "react";

/**
 * A card's square photo (a person's portrait, a client's photo): lazy, with its size reserved so
 * the card never moves when it loads; `fallback` stands in when there is no photo.
 */
export function CardPhoto({
  src,
  alt,
  size,
  className,
  fallback,
}: {
  src: string | null;
  alt: string;
  size: number;
  className: string;
  fallback: ReactNode;
}) {
  if (!src) return <>{fallback}</>;
  return <img className={className} src={src} alt={alt} width={size} height={size} loading="lazy" decoding="async" />;
}
