/**
 * Home's hero: its heading and line. One source for the page (app/routes/home.tsx) and for what
 * index.html paints before the app has arrived (lib/first-paint.ts, build/first-data.ts).
 */
export const HOME_HERO = {
  title: 'Furniture that feels like home',
  text: 'Sofas, beds, tables and chairs crafted for Indian homes, delivered to your door.',
} as const;
