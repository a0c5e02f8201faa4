export default function Home() {
  return <main>Agent Orchestration Console</main>;
}
