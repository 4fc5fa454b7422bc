import { Link } from "~/components/link";
import { consultHref, type PracticeCard as PracticeCardData } from "../practice-areas";
import { Picture } from "./picture";

/** A practice-area card: numbered image, title, text and 'Consult Now'. */
export function PracticeCard({
  card,
  image,
  headingLevel = 3,
  eager = false,
  headingRef,
  hidden = false,
}: {
  card: PracticeCardData;
  image: string;
  headingLevel?: 2 | 3;
  eager?: boolean;
  headingRef?: React.Ref<HTMLHeadingElement>;
  /** Rendered but not shown yet (the dispute cards after 'Know More'). */
  hidden?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="practice-card" hidden={hidden}>
      <Picture base={image} alt="" width={480} height={300} eager={eager} className="practice-card__image" />
      <div className="practice-card__body">
        <Heading ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
          {card.title}
        </Heading>
        <p>{card.text}</p>
        <Link
          className="button button--primary practice-card__cta"
          to={consultHref(card.title)}
          aria-label={`Consult Now about ${card.title}`}
        >
          Consult Now
        </Link>
      </div>
    </article>
  );
}
