import type { ReactNode } from 'react';
import '@xyflow/react/dist/style.css';

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
