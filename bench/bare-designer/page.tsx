// The bare React Flow page of issue 8's designer comparison (bench/designer.ts bundles it with
// esbuild and serves it): the squad fetched as JSON, then drawn by ./flow.tsx. Nothing but React
// and React Flow: the floor any page that draws this canvas stands on.
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BareFlow, type BareTask } from './flow';

function App() {
  const [tasks, setTasks] = useState<BareTask[] | null>(null);
  useEffect(() => {
    void fetch(`squad.json${location.search}`)
      .then((r) => r.json())
      .then(setTasks);
  }, []);
  if (!tasks) return <p>Loading…</p>;
  return <BareFlow tasks={tasks} />;
}

createRoot(document.getElementById('root')!).render(<App />);
