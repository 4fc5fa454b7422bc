/** The static business pages' numbers (docs/product.md#constants), in one place. */

let rupeeFormat: Intl.NumberFormat | undefined;

/** "₹1,00,000" (Indian digit grouping); one formatter for every call (`toLocaleString` builds one each time). */
export function rupees(amount: number): string {
  rupeeFormat ??= new Intl.NumberFormat("en-IN");
  return `₹${rupeeFormat.format(amount)}`;
}

export const TIER_FEATURES = [
  "Video Lectures",
  "Basic Tests",
  "Progress Reports",
  "Live Classes",
  "Doubt Solving",
] as const;

export const PRICING_TIERS = [
  { name: "Basic", monthly: 499, features: ["Video Lectures", "Basic Tests"] },
  { name: "Standard", monthly: 999, features: ["Video Lectures", "Basic Tests", "Progress Reports", "Live Classes"] },
  { name: "Premium", monthly: 1499, features: [...TIER_FEATURES] },
] as const satisfies ReadonlyArray<{
  name: string;
  monthly: number;
  features: ReadonlyArray<(typeof TIER_FEATURES)[number]>;
}>;

/** The custom package table: 30K to 60K+. */
export const CUSTOM_PACKAGES = [
  {
    name: "Essential",
    price: "₹30,000",
    bestFor: "A single practice or coaching centre going online",
    includes: "Up to 10 pages, contact and consultation forms, blog, mobile-friendly design",
    timeline: "2 to 3 weeks",
  },
  {
    name: "Professional",
    price: "₹45,000",
    bestFor: "Firms that publish often and run courses",
    includes: "Everything in Essential, plus the course catalogue, quizzes with results and an admin dashboard",
    timeline: "4 to 5 weeks",
  },
  {
    name: "Enterprise",
    price: "₹60,000+",
    bestFor: "Institutions with several teachers and custom workflows",
    includes: "Everything in Professional, plus teacher uploads with approval, roles, integrations and custom reports",
    timeline: "6 weeks or more, by scope",
  },
] as const;

export const PROPOSAL = {
  oneTime: 27999,
  maintenanceMonthly: 2799,
  emailPerUserMonthly: { premium: 200, basic: 111 },
  extraPage: { static: 1000, dynamic: 3000 },
  hostingMonthly: 500,
} as const;
