import type { SiteImage } from "../site-images";
import { SiteThumbnail } from "./thumbnail";

/** The accolades block: the firm's accolade images (/admin/images), each at its own aspect ratio. */
export function Accolades({ accolades }: { accolades: SiteImage[] }) {
  return (
    <ul className="accolades">
      {accolades.map((accolade) => (
        <li key={accolade.id} className="accolade">
          <SiteThumbnail image={accolade} className="accolade__image" />
          <div>
            <h3>{accolade.caption}</h3>
            {accolade.description ? <p>{accolade.description}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
