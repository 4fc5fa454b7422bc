import { ACCOLADES } from "../home-content";
import { Picture } from "./picture";

export function Accolades() {
  return (
    <ul className="accolades">
      {ACCOLADES.map((accolade) => (
        <li key={accolade.title} className="accolade">
          <Picture
            base={accolade.base}
            alt={`Award emblem: ${accolade.title}`}
            width={160}
            height={160}
            className="accolade__image"
          />
          <div>
            <h3>{accolade.title}</h3>
            <p>{accolade.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
