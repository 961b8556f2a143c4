// Amounts as a GST invoice prints them: Indian digit grouping (1,23,45,678.00) and the total in words
// in the Indian system (crore, lakh, thousand). The PDF's standard Helvetica has no ₹ glyph, so
// amounts read "Rs. 1,23,456.00". Everything is computed in whole paise, so no float noise reaches
// the paper. Plain TypeScript (no Deno or Node API): the function and the tests run this one copy.

/** Whole paise of a rupee amount (a JSON number or numeric text with at most 2 decimals). */
export function paiseOf(amount: number | string): number {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  if (!Number.isFinite(n)) throw new RangeError(`Not an amount: ${String(amount)}`);
  // toPrecision(15) drops binary noise first (1.005 * 100 = 100.49999999999999 in a double).
  return Math.round(Number((n * 100).toPrecision(15)));
}

/** Digits with Indian grouping: the last three, then pairs (1234567 → 12,34,567). */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const pairs = head.replace(/\B(?=(\d{2})+$)/g, ',');
  return `${pairs},${digits.slice(-3)}`;
}

/** 123456.5 → "1,23,456.50"; negative amounts keep their sign ("-1,500.00"). */
export function indianNumber(amount: number | string): string {
  const paise = paiseOf(amount);
  const abs = Math.abs(paise);
  const text = `${groupIndian(String(Math.floor(abs / 100)))}.${String(abs % 100).padStart(2, '0')}`;
  return paise < 0 ? `-${text}` : text;
}

/** 123456.5 → "Rs. 1,23,456.50". */
export function rupeesText(amount: number | string): string {
  return `Rs. ${indianNumber(amount)}`;
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0 < n < 100: "Fifty-Six". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return unit ? `${TENS[Math.floor(n / 10)]}-${ONES[unit]}` : TENS[Math.floor(n / 10)]!;
}

/** 0 < n < 1000: "Four Hundred Fifty-Six". */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/** A whole number in the Indian system: 12,34,56,789 → "Twelve Crore Thirty-Four Lakh …". */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number: ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${numberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * 123456.5 → "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Paise Fifty Only";
 * 100 → "Rupees One Hundred Only".
 */
export function amountInWords(amount: number | string): string {
  const paise = Math.abs(paiseOf(amount));
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${numberInWords(rupees)}${rest ? ` and Paise ${belowHundred(rest)}` : ''} Only`;
}
