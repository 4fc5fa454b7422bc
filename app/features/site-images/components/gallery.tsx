import { useCallback, useEffect, useRef, useState } from "react";
import { siteImageUrl, type SiteImage } from "../site-images";
import { useModal } from "~/components/use-modal";
import { SiteThumbnail } from "./thumbnail";

/**
 * The about gallery (the firm's images, /admin/images). Without JavaScript each thumbnail links to the
 * full image; with it, a lightbox opens (arrows move, Escape closes, focus stays inside and returns to
 * the thumbnail). Every image carries its stored width and height, so the page reserves its space.
 */
export function Gallery({ images }: { images: SiteImage[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  return (
    <>
      <ul className="gallery">
        {images.map((image, index) => (
          <li key={image.id}>
            <figure className="gallery__item">
              <a
                href={siteImageUrl(image.image)}
                className="gallery__link"
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
                  event.preventDefault();
                  setOpenIndex(index);
                }}
              >
                <SiteThumbnail image={image} />
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
  images: SiteImage[];
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
          <img src={siteImageUrl(image.image)} alt={image.alt} width={image.width} height={image.height} />
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
