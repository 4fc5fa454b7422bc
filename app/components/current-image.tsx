/**
 * The image an edit form's record has now (an article's cover, a testimonial's or
 * a founder's photo), shown above the file input that would replace it.
 */
export function CurrentImage({ src, label }: { src: string | null | undefined; label: string }) {
  if (!src) return null;
  return (
    <figure className="current-image">
      <img src={src} alt={label} width={160} height={120} loading="lazy" />
      <figcaption>{label}. Choose a file (or give a link) to replace it; leave both empty to keep it.</figcaption>
    </figure>
  );
}
