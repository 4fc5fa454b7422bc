import { useEffect, useRef } from "react";
import { siteImageUrl, type SiteImage } from "../site-images";
import { enhanceGallery } from "~/islands/gallery";
import { SiteThumbnail } from "./thumbnail";

/**
 * The about gallery (the firm's images, /admin/images). Without JavaScript each thumbnail links to the
 * full image; with it, a lightbox opens (arrows move, Escape closes, focus stays inside and returns to
 * the thumbnail). Every image carries its stored width and height, so the page reserves its space.
 */
export function Gallery({ images }: { images: SiteImage[] }) {
  const listRef = useRef<HTMLUListElement>(null);
  // The lightbox is the islands' (app/islands/gallery.ts): one implementation for a page without React
  // and for this component after a client-side navigation.
  useEffect(() => {
    if (listRef.current) enhanceGallery(listRef.current);
  }, []);
  return (
    <ul className="gallery" ref={listRef}>
      {images.map((image) => (
        <li key={image.id}>
          <figure className="gallery__item">
            <a href={siteImageUrl(image.image)} className="gallery__link">
              <SiteThumbnail image={image} />
            </a>
            <figcaption>{image.caption}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
