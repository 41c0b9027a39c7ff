// Text for the big-store generator: questions, short answers and long Markdown answers with code,
// over a handful of topics, from a seeded PRNG. Words the search benchmark looks for occur at known
// rates (see SEARCH_TERMS); everything else is filler that reads like a chat.

/** A uniform number in [0, 1) from the generator's PRNG. */
export type Random = () => number

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
export const between = (random: Random, min: number, max: number): number =>
  min + Math.floor(random() * (max - min + 1))

/**
 * What the search benchmark searches for, and where it occurs: `word` in the programming topic's
 * sentences, `phrase` in the health topic's, `prefix` the start of a few programming words
 * ("optimal", "optimize", "optimization"): each in about 5 % of the messages (10,000 of 200,000),
 * and in no title, so a search's first page is message hits (the costlier path: titles come first).
 */
export const SEARCH_TERMS = {
  word: 'kubernetes',
  phrase: 'resting heart rate',
  prefix: 'optim',
  /** Occurs in exactly one message (the big conversation's middle question). */
  rare: 'zanzibarite',
} as const

export interface Topic {
  name: string
  titles: readonly string[]
  questions: readonly string[]
  sentences: readonly string[]
  /** Fenced code language of its long answers (`undefined`: no code). */
  language: string | undefined
  code: readonly string[]
}

const n = (random: Random) => String(between(random, 2, 97))

export const TOPICS: readonly Topic[] = [
  {
    name: 'programming',
    titles: [
      'Ingress setup on the cluster',
      'TypeScript generics question',
      'Why is my SQL query slow',
      'Docker build cache',
      'Refactoring the parser',
      'Python async help',
      'Speeding up the render loop',
    ],
    questions: [
      'How do I expose a service on kubernetes without a load balancer?',
      'Why does this query take {n} seconds on a table of a million rows?',
      'Can you explain how generics narrow here?',
      'What is the optimal way to cache the docker layers in CI?',
      'My pod keeps restarting with exit code {n}, what should I check?',
      'Is there a faster way to parse this file line by line?',
      'How would you optimize this loop?',
    ],
    sentences: [
      'The kubernetes scheduler places the pod on a node with enough free memory.',
      'An index on the column you filter by turns the full scan into a lookup.',
      'Generics let the compiler keep the exact type instead of widening it.',
      'Each layer of the image is cached until one of its inputs changes.',
      'The best batch size depends on the latency of each round trip.',
      'Measure before you change anything: the profiler shows where the time goes.',
      'A readiness probe keeps traffic away until the service answers.',
      'This runs in linear time, so doubling the input doubles the work.',
      'Prefer a prepared statement; it is parsed once and reused {n} times.',
      'The optimization only helps when the data fits in memory.',
    ],
    language: 'ts',
    code: [
      'export function chunk<T>(items: readonly T[], size: number): T[][] {\n  const out: T[][] = []\n  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))\n  return out\n}',
      'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  type: NodePort\n  ports:\n    - port: 80\n      targetPort: 8080',
      'CREATE INDEX orders_by_customer ON orders (customer_id, created_at DESC);\nEXPLAIN QUERY PLAN SELECT * FROM orders WHERE customer_id = ? ORDER BY created_at DESC LIMIT 20;',
      'async function fetchAll(urls: string[]): Promise<string[]> {\n  return Promise.all(urls.map(async (url) => (await fetch(url)).text()))\n}',
    ],
  },
  {
    name: 'health',
    titles: ['Weight this month', 'Heart rate trend', 'Running plan', 'Sleep and recovery', 'Waist measurement'],
    questions: [
      'I weighed {n}.4 kg this morning, can you record it?',
      'My resting heart rate was {n} bpm today, is that normal?',
      'How should I plan my runs for a 10k in {n} weeks?',
      'How much sleep do I need before a long run?',
      'Can you show my weight over the last month?',
    ],
    sentences: [
      'A resting heart rate between 50 and 70 bpm is common for people who run regularly.',
      'Your weight changed by about {n}00 g over the week, which is within daily variation.',
      'Recovery days matter as much as the hard sessions.',
      'Measure at the same time each morning so the numbers compare.',
      'A lower resting heart rate over months usually means better fitness.',
      'Stay patient: progress is rarely a straight line.',
      'Drink water before the run and eat something small an hour earlier.',
    ],
    language: undefined,
    code: [],
  },
  {
    name: 'cooking',
    titles: ['Bread recipe', 'Dinner ideas', 'Fermenting vegetables', 'Meal prep for the week'],
    questions: [
      'How long should I proof the dough at {n} degrees?',
      'What can I cook with leeks and potatoes?',
      'Is it safe to ferment cabbage for {n} days?',
      'What oven temperature works best for focaccia?',
    ],
    sentences: [
      'Let the dough rise until it doubles, which takes about an hour in a warm kitchen.',
      'Salt the water generously before the pasta goes in.',
      'A cast iron pan keeps its heat when the cold vegetables go in.',
      'Taste as you go and adjust the acidity with a little lemon.',
      'Roast the vegetables at {n}0 degrees until the edges brown.',
    ],
    language: undefined,
    code: [],
  },
  {
    name: 'travel',
    titles: ['Trip to Lisbon', 'Train across the Alps', 'Packing list', 'Visa questions'],
    questions: [
      'What should I see in Lisbon in {n} days?',
      'Is the night train faster than flying?',
      'Do I need a visa for a stay of {n} days?',
    ],
    sentences: [
      'The old town is best explored on foot early in the morning.',
      'Book the train a few weeks ahead; prices rise close to the date.',
      'Carry a small amount of cash for the markets.',
      'The museum is closed on Mondays and free on the first Sunday of the month.',
      'A plan with no slack leaves no time for getting lost, which is half the fun.',
    ],
    language: undefined,
    code: [],
  },
  {
    name: 'writing',
    titles: ['Cover letter draft', 'Email to the landlord', 'Short story feedback', 'Summarize this article'],
    questions: [
      'Can you make this paragraph shorter?',
      'Does this email sound polite enough?',
      'Summarize the article in {n} bullet points.',
    ],
    sentences: [
      'Lead with the request, then give the reason in one sentence.',
      'Cut the adverbs and the paragraph reads faster.',
      'The ending lands better if the last line echoes the first.',
      'Keep each bullet to one idea.',
      'The tone is friendly without being informal.',
    ],
    language: 'md',
    code: [
      'Dear Ms. Silva,\n\nThe heating in flat {n} has not worked since Monday. Could someone look at it this week?\n\nKind regards',
    ],
  },
]

const fill = (random: Random, text: string) => text.replace(/\{n\}/g, () => n(random))

/** A user's question: one or two sentences. */
export function question(random: Random, topic: Topic): string {
  const first = fill(random, pick(random, topic.questions))
  return random() < 0.3 ? `${first} ${fill(random, pick(random, topic.sentences))}` : first
}

/** A short answer: one to five sentences, sometimes in two paragraphs. */
export function shortAnswer(random: Random, topic: Topic): string {
  const count = between(random, 1, 5)
  const sentences = Array.from({ length: count }, () => fill(random, pick(random, topic.sentences)))
  if (count >= 4) return `${sentences.slice(0, 2).join(' ')}\n\n${sentences.slice(2).join(' ')}`
  return sentences.join(' ')
}

/** A long Markdown answer (≈ 2–6 KB): headings, paragraphs, a list, code blocks, sometimes a table. */
export function longAnswer(random: Random, topic: Topic): string {
  const out: string[] = []
  const sections = between(random, 2, 4)
  for (let s = 0; s < sections; s++) {
    out.push(`## ${pick(random, topic.titles)}`)
    for (let p = 0; p < between(random, 1, 3); p++)
      out.push(
        Array.from({ length: between(random, 3, 6) }, () => fill(random, pick(random, topic.sentences))).join(' '),
      )
    out.push(
      Array.from({ length: between(random, 3, 6) }, () => `- ${fill(random, pick(random, topic.sentences))}`).join(
        '\n',
      ),
    )
    if (topic.language && topic.code.length > 0 && random() < 0.8)
      out.push(`\`\`\`${topic.language}\n${fill(random, pick(random, topic.code))}\n\`\`\``)
  }
  if (random() < 0.3) {
    out.push('| step | time | note |\n|---|---|---|')
    for (let r = 0; r < between(random, 3, 8); r++)
      out[out.length - 1] +=
        `\n| ${r + 1} | ${n(random)} min | ${fill(random, pick(random, topic.sentences)).slice(0, 40)} |`
  }
  return out.join('\n\n')
}
