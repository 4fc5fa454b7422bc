import { Link } from "~/components/link";
import { DeleteButton } from "~/components/moderation";
import { SUB_SERVICE_MESSAGES } from "../sub-service-rules";
import type { SubServiceView } from "../sub-services.server";

/** A shared video on the privacy-enhanced YouTube domain, loaded only when scrolled near. */
export function VideoEmbed({ src, title }: { src: string; title: string }) {
  return (
    <div className="video-embed">
      <iframe
        src={src}
        title={title}
        loading="lazy"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; web-share"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
      />
    </div>
  );
}

/** One sub-service: its description, PDF links, uploaded video and shared video; Delete for staff. */
export function SubServiceCard({ sub, canManage }: { sub: SubServiceView; canManage: boolean }) {
  const hasFiles = sub.syllabusUrl || sub.questionsUrl;
  return (
    <li className="card sub-service" aria-labelledby={`sub-service-${sub.id}`}>
      <h3 id={`sub-service-${sub.id}`}>{sub.title}</h3>
      {sub.description ? <p className="sub-service__description">{sub.description}</p> : null}
      {hasFiles ? (
        <ul className="sub-service__files">
          {sub.syllabusUrl ? (
            <li>
              <a href={sub.syllabusUrl} type="application/pdf">
                Syllabus (PDF)
              </a>
            </li>
          ) : null}
          {sub.questionsUrl ? (
            <li>
              <a href={sub.questionsUrl} type="application/pdf">
                Questions (PDF)
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
      {sub.videoUrl ? (
        <video
          className="sub-service__video"
          controls
          preload="metadata"
          src={sub.videoUrl}
          aria-label={`Video: ${sub.title}`}
        >
          <a href={sub.videoUrl}>Download the video</a>
        </video>
      ) : null}
      {sub.embedUrl ? <VideoEmbed src={sub.embedUrl} title={`Shared video: ${sub.title}`} /> : null}
      {canManage ? (
        <div className="sub-service__actions">
          <Link
            to={`?edit=${sub.id}#sub-service-form-title`}
            className="button button--ghost"
            aria-label={`Edit ${sub.title}`}
          >
            Edit
          </Link>{" "}
          <DeleteButton
            id={sub.id}
            label={`sub-service ${sub.title}`}
            confirmText={SUB_SERVICE_MESSAGES.confirmDelete}
          />
        </div>
      ) : null}
    </li>
  );
}
