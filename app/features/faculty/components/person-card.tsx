import { CardPhoto } from "~/components/card-photo";
import { mediaUrl } from "~/lib/media";

export type Person = {
  name: string;
  image?: string | null;
  subject: string;
  specialization?: string;
  services?: string[];
  description?: string;
};

/** The neutral silhouette shown while a person has no portrait (never initials). */
function Silhouette() {
  return (
    <svg className="person-card__silhouette" viewBox="0 0 96 96" width="96" height="96" aria-hidden="true">
      <rect width="96" height="96" fill="#e4e7ee" />
      <circle cx="48" cy="38" r="17" fill="#9aa3b5" />
      <path d="M17 92c2-19 15-31 31-31s29 12 31 31z" fill="#9aa3b5" />
    </svg>
  );
}

/** A founder or faculty card: portrait (or a neutral silhouette), name, subject, specialization, services, description. */
export function PersonCard({ person, headingLevel = 2 }: { person: Person; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const photo = mediaUrl(person.image);
  return (
    <article className="person-card">
      <CardPhoto
        className="person-card__photo"
        src={photo}
        alt={`Portrait of ${person.name}`}
        size={96}
        fallback={<Silhouette />}
      />
      <Heading>{person.name}</Heading>
      <p className="person-card__subject">{person.subject}</p>
      {person.specialization ? (
        <p>
          <strong>Specialization:</strong> {person.specialization}
        </p>
      ) : null}
      {person.services && person.services.length > 0 ? (
        <ul className="tag-list" aria-label={`Services offered by ${person.name}`}>
          {person.services.map((service) => (
            <li key={service}>{service}</li>
          ))}
        </ul>
      ) : null}
      {person.description ? <p>{person.description}</p> : null}
    </article>
  );
}
