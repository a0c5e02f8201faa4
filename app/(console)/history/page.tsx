import { redirect } from 'next/navigation';

// /history opens on the agents' history.
export default function HistoryPage() {
  redirect('/history/agents');
}
