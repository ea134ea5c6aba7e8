// The root layout every App Router app has (the recipe's steps start below it).
import type { ReactNode } from 'react';

export const metadata = { title: 'Recipe: Next.js (App Router)' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
