import { formatINR } from 'shared/pricing/format';
import { DELIVERY_FEE, FREE_DELIVERY_THRESHOLD } from 'shared/pricing/delivery';

/** The chat assistant's canned replies, keyed on keywords (spec: price range, delivery, warranty). */
const RULES: { keywords: RegExp; reply: string }[] = [
  {
    keywords: /\b(price|prices|cost|costs|budget|cheap|expensive|range)\b/i,
    reply: `Our furniture ranges from ${formatINR(5000)} to ${formatINR(50000)}, and many pieces are on sale with up to 60% off.`,
  },
  {
    keywords: /\b(deliver|delivery|shipping|ship|dispatch)\b/i,
    // The dates depend on the pincode (check_delivery): the reply points to where they are given.
    reply: `Delivery dates depend on your pincode: enter it under Check delivery on any product page to see when it reaches you. Delivery is free on orders of ${formatINR(FREE_DELIVERY_THRESHOLD)} or more to most pincodes, otherwise ${formatINR(DELIVERY_FEE)}.`,
  },
  {
    keywords: /\b(warranty|guarantee|repair)\b/i,
    reply: 'Every piece comes with a 1-year warranty against manufacturing defects.',
  },
  {
    keywords: /\b(return|returns|refund|exchange)\b/i,
    reply:
      'Request a return under Profile → Order History (each item shows until when it can go back): choose a pickup slot, we collect it and refund you to your original payment method within 5–7 working days of the pickup.',
  },
  {
    keywords: /\b(track|order|status)\b/i,
    reply: 'You can follow your order on the Track Order page with your order number.',
  },
  {
    keywords: /\b(hi|hello|hey|namaste)\b/i,
    reply: 'Hello! How can I help you today? Ask me about prices, delivery, warranty or returns.',
  },
];

export const DEFAULT_REPLY =
  'Thanks for your message! I can help with prices, delivery, warranty and returns. For anything else, please use our Contact page.';

export const GREETING = 'Hi! I am the FurniCraft assistant. How can I help you today?';

/** The bot's reply to a message; null for a blank one, which is ignored. */
export function replyTo(message: string): string | null {
  if (message.trim() === '') return null;
  return RULES.find((r) => r.keywords.test(message))?.reply ?? DEFAULT_REPLY;
}

/** The spec's 1 second before the bot answers. */
export const REPLY_DELAY_MS = 1000;
