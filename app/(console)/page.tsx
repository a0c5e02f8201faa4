import type { Metadata } from 'next';
import { Home } from '@/components/console/Home';

export const metadata: Metadata = { title: 'Home' };

export default function HomePage() {
  return <Home />;
}
