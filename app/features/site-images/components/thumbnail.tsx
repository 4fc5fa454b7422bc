import { siteImageUrl, type SiteImage } from "../site-images";

/**
 * A site image as a list shows it: its thumbnail (the image itself when it has none), with its stored
 * width and height so the page reserves its space, loaded lazily.
 */
export function SiteThumbnail({ image, className }: { image: SiteImage; className?: string }) {
  return (
    <img
      className={className}
      src={siteImageUrl(image.thumbnail ?? image.image)}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading="lazy"
      decoding="async"
    />
  );
}
