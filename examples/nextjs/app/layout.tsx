import type { ReactNode } from 'react';

export const metadata = { title: 'Demo bank: log on' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
