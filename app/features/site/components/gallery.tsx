import { useCallback, useEffect, useRef, useState } from "react";
import { GALLERY_FULL, GALLERY_THUMB, type GalleryImage } from "../home-content";
import { useModal } from "./use-modal";

/**
 * The about gallery. Without JavaScript each thumbnail links to the full
 * image; with it, a lightbox opens (arrows move, Escape closes, focus stays
 * inside and returns to the thumbnail).
 */
export function Gallery({ images }: { images: GalleryImage[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  return (
    <>
      <ul className="gallery">
        {images.map((image, index) => (
          <li key={image.base}>
            <figure className="gallery__item">
              <a
                href={`${image.base}.jpg`}
                className="gallery__link"
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
                  event.preventDefault();
                  setOpenIndex(index);
                }}
              >
                <picture>
                  <source srcSet={`${image.base}-thumb.webp`} type="image/webp" />
                  <img
                    src={`${image.base}-thumb.jpg`}
                    alt={image.alt}
                    width={GALLERY_THUMB.width}
                    height={GALLERY_THUMB.height}
                    loading="lazy"
                    decoding="async"
                  />
                </picture>
              </a>
              <figcaption>{image.caption}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {openIndex !== null ? (
        <Lightbox images={images} index={openIndex} onChange={setOpenIndex} onClose={() => setOpenIndex(null)} />
      ) : null}
    </>
  );
}

function Lightbox({
  images,
  index,
  onChange,
  onClose,
}: {
  images: GalleryImage[];
  index: number;
  onChange: (index: number) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const image = images[index]!;
  const count = images.length;
  const previous = useCallback(() => onChange((index - 1 + count) % count), [index, count, onChange]);
  const next = useCallback(() => onChange((index + 1) % count), [index, count, onChange]);
  useModal(ref, true, { onEscape: onClose });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "ArrowLeft") {
        event.preventDefault();
        previous();
      } else if (event.key === "ArrowRight") {
        event.preventDefault();
        next();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [previous, next]);

  return (
    <div className="lightbox" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={ref} className="lightbox__dialog" role="dialog" aria-modal="true" aria-label="Gallery image viewer">
        <figure className="lightbox__figure">
          <picture>
            <source srcSet={`${image.base}.webp`} type="image/webp" />
            <img src={`${image.base}.jpg`} alt={image.alt} width={GALLERY_FULL.width} height={GALLERY_FULL.height} />
          </picture>
          <figcaption aria-live="polite">
            <span className="lightbox__count">
              Image {index + 1} of {count}
            </span>
            : {image.caption}
          </figcaption>
        </figure>
        <div className="lightbox__controls">
          <button type="button" className="button button--light" onClick={previous}>
            ← Previous
          </button>
          <button type="button" className="button button--gold" onClick={onClose} data-autofocus>
            Close
          </button>
          <button type="button" className="button button--light" onClick={next}>
            Next →
          </button>
        </div>
      </div>
    </div>
  );
}
