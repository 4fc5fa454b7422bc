import { siteImageUrl, type SiteImage } from "../site-images";

/** The accolades block: the firm's accolade images (/admin/images), each at its own aspect ratio. */
export function Accolades({ accolades }: { accolades: SiteImage[] }) {
  return (
    <ul className="accolades">
      {accolades.map((accolade) => (
        <li key={accolade.id} className="accolade">
          <img
            className="accolade__image"
            src={siteImageUrl(accolade.thumbnail ?? accolade.image)}
            alt={accolade.alt}
            width={accolade.width}
            height={accolade.height}
            loading="lazy"
            decoding="async"
          />
          <div>
            <h3>{accolade.caption}</h3>
            {accolade.description ? <p>{accolade.description}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
