/** The /myra demo quiz: 10 questions of 4 options (docs/product.md#demo-quiz). */
export type DemoQuestion = { text: string; options: [string, string, string, string]; correct: 0 | 1 | 2 | 3 };

export const SECONDS_PER_QUESTION = 30;

export const DEMO_QUESTIONS: DemoQuestion[] = [
  {
    text: "Which Article of the Constitution of India guarantees equality before the law?",
    options: ["Article 14", "Article 19", "Article 21", "Article 32"],
    correct: 0,
  },
  {
    text: "In which year was the Digital Personal Data Protection Act enacted?",
    options: ["2019", "2021", "2023", "2025"],
    correct: 2,
  },
  {
    text: "Within how many days of the bank's return memo must a demand notice be sent under Section 138 of the Negotiable Instruments Act?",
    options: ["15 days", "30 days", "45 days", "60 days"],
    correct: 1,
  },
  {
    text: "Which Article did Dr. B. R. Ambedkar call the heart and soul of the Constitution?",
    options: ["Article 14", "Article 21", "Article 32", "Article 226"],
    correct: 2,
  },
  {
    text: "Which law replaced the Indian Penal Code on 1 July 2024?",
    options: [
      "Bharatiya Nagarik Suraksha Sanhita",
      "Bharatiya Nyaya Sanhita",
      "Bharatiya Sakshya Adhiniyam",
      "Indian Justice Code",
    ],
    correct: 1,
  },
  {
    text: "Under the Indian Contract Act, 1872, an agreement with a minor is…",
    options: ["Valid", "Voidable at the minor's option", "Void ab initio", "Valid once the minor turns 18"],
    correct: 2,
  },
  {
    text: "Appeals against orders of the National Company Law Tribunal go first to…",
    options: ["The Supreme Court", "The NCLAT", "The High Court", "The Securities Appellate Tribunal"],
    correct: 1,
  },
  {
    text: "On which date did the Goods and Services Tax come into force in India?",
    options: ["1 April 2016", "1 July 2017", "1 January 2017", "1 April 2018"],
    correct: 1,
  },
  {
    text: "State RERA authorities are set up under which law?",
    options: [
      "Transfer of Property Act, 1882",
      "Real Estate (Regulation and Development) Act, 2016",
      "Registration Act, 1908",
      "Indian Easements Act, 1882",
    ],
    correct: 1,
  },
  {
    text: "The Arbitration and Conciliation Act in force in India was enacted in…",
    options: ["1940", "1996", "2005", "2015"],
    correct: 1,
  },
];
