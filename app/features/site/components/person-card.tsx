import { mediaUrl } from "~/lib/media";

export type Person = {
  name: string;
  image?: string | null;
  subject: string;
  specialization?: string;
  services?: string[];
  description?: string;
};

function initials(name: string) {
  return name
    .replace(/^(Adv\.|Dr\.|Mr\.|Ms\.|Mrs\.)\s+/i, "")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join("");
}

/** A founder or faculty card: photo (or initials), name, subject, specialization, services, description. */
export function PersonCard({ person, headingLevel = 2 }: { person: Person; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const photo = mediaUrl(person.image);
  return (
    <article className="person-card">
      {photo ? (
        <img
          className="person-card__photo"
          src={photo}
          alt={`Portrait of ${person.name}`}
          width={96}
          height={96}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="person-card__initials" aria-hidden="true">
          {initials(person.name)}
        </span>
      )}
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
