import { CardPhoto } from "~/components/card-photo";
import { mediaUrl } from "~/lib/media";

export type TestimonialCardData = {
  id: string;
  clientName: string;
  message: string;
  photo: string | null;
  submittedBy: string | null;
};

export const TESTIMONIALS_LOADING_TEXT = "Loading testimonials…";
export const TESTIMONIALS_FAILURE_TEXT = "Failed to fetch testimonials";
export const TESTIMONIALS_EMPTY_TEXT = "No testimonials yet.";

/** "Submitted by" is shown only when someone other than the client sent the testimonial. */
export function submittedByLabel(testimonial: Pick<TestimonialCardData, "clientName" | "submittedBy">): string | null {
  const by = testimonial.submittedBy?.trim();
  if (!by) return null;
  return by.toLowerCase() === testimonial.clientName.trim().toLowerCase() ? null : by;
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join("");
}

export function TestimonialCard({ testimonial }: { testimonial: TestimonialCardData }) {
  const photo = mediaUrl(testimonial.photo);
  const by = submittedByLabel(testimonial);
  return (
    <figure className="testimonial-card">
      <CardPhoto
        className="testimonial-card__photo"
        src={photo}
        alt={`Photo of ${testimonial.clientName}`}
        size={72}
        fallback={
          <span className="testimonial-card__photo testimonial-card__photo--initials" aria-hidden="true">
            {initials(testimonial.clientName)}
          </span>
        }
      />
      <blockquote className="testimonial-card__quote">
        <p>{testimonial.message}</p>
      </blockquote>
      <figcaption>
        <span className="testimonial-card__name">{testimonial.clientName}</span>
        {by ? <span className="testimonial-card__by">Submitted by {by}</span> : null}
      </figcaption>
    </figure>
  );
}

/** The failure text of a testimonial list that could not be read. */
export function TestimonialsFailure() {
  return (
    <p className="error-text" role="alert">
      {TESTIMONIALS_FAILURE_TEXT}
    </p>
  );
}

/** Published testimonials as a grid of cards; null (they could not be read) and none say so. */
export function TestimonialList({ testimonials }: { testimonials: TestimonialCardData[] | null }) {
  if (testimonials === null) return <TestimonialsFailure />;
  if (testimonials.length === 0) return <p>{TESTIMONIALS_EMPTY_TEXT}</p>;
  return (
    <div className="card-grid">
      {testimonials.map((testimonial) => (
        <TestimonialCard key={testimonial.id} testimonial={testimonial} />
      ))}
    </div>
  );
}
