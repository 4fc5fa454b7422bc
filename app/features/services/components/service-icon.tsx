import {
  FaBalanceScale,
  FaBeer,
  FaBookOpen,
  FaBriefcase,
  FaChalkboardTeacher,
  FaFileContract,
  FaGavel,
  FaHandshake,
  FaUniversity,
  FaUtensils,
} from "react-icons/fa";
import type { ServiceIcon as IconName } from "../../../../db/enums";

const ICONS: Record<IconName, typeof FaBookOpen> = {
  FaBookOpen,
  FaChalkboardTeacher,
  FaGavel,
  FaBalanceScale,
  FaHandshake,
  FaFileContract,
  FaBriefcase,
  FaUniversity,
  FaUtensils,
  FaBeer,
};

/** One of the ten service icons (docs/product.md#entities); the book when the name is unknown. */
export function ServiceIcon({ name, size = 40 }: { name: string; size?: number }) {
  const Icon = ICONS[name as IconName] ?? FaBookOpen;
  return <Icon aria-hidden="true" size={size} />;
}
