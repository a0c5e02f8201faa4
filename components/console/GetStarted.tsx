'use client';
// The home page's checklist (issue 9): the order that works — a model, then tools and knowledge
// bases, then agents, then a squad. Each step ticks itself off from the company's real counts
// and links to the page that adds one; once every step is done the checklist can be dismissed
// (remembered per company in this browser).
import Link from 'next/link';
import { useState, useSyncExternalStore } from 'react';
import { toast } from '@/lib/client/toast';
import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { agents } from '@/lib/client/agents';
import { aiModels } from '@/lib/client/ai-models';
import { knowledgeBases } from '@/lib/client/knowledge-bases';
import { useSession } from '@/lib/client/session';
import { squads } from '@/lib/client/squads';
import { tools } from '@/lib/client/tools';

type Step = { id: string; title: string; detail: string; done: boolean; count: string; links: { href: string; label: string }[] };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const dismissKey = (companyId: string) => `aoc-get-started-dismissed:${companyId}`;
const subscribeToStorage = (onChange: () => void) => {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
};
const readDismissed = (companyId: string): boolean => {
  try {
    return localStorage.getItem(dismissKey(companyId)) === '1';
  } catch {
    return false;
  }
};

export function GetStarted() {
  const session = useSession();
  const lists = {
    models: aiModels.useList(),
    tools: tools.useList(),
    knowledgeBases: knowledgeBases.useList(),
    agents: agents.useList(),
    squads: squads.useList(),
  };
  const companyId = session.data?.company.id;
  // Remembered in this browser per company; null until read (on the server and before the session).
  const stored = useSyncExternalStore(
    subscribeToStorage,
    () => (companyId ? readDismissed(companyId) : null),
    () => null,
  );
  const [dismissedNow, setDismissed] = useState(false);
  const dismissed = dismissedNow || stored;

  const all = Object.values(lists);
  const failed = all.find((q) => q.isError);
  if (failed) return <ErrorState error={failed.error} title="Could not load your resources" onRetry={() => all.forEach((q) => q.isError && q.refetch())} />;
  if (all.some((q) => q.isPending) || dismissed === null) return <LoadingState label="Loading your resources…" rows={3} />;

  const n = {
    models: lists.models.data!.length,
    tools: lists.tools.data!.length,
    knowledgeBases: lists.knowledgeBases.data!.length,
    agents: lists.agents.data!.length,
    squads: lists.squads.data!.length,
  };
  const steps: Step[] = [
    {
      id: 'model',
      title: 'Add an AI model',
      detail: 'Agents think with a model: pick a provider and give it its key.',
      done: n.models > 0,
      count: plural(n.models, 'model', 'models'),
      links: [{ href: '/ai-models/new', label: 'New AI model' }],
    },
    {
      id: 'tools',
      title: 'Add tools and knowledge bases',
      detail: 'What agents can do (tools) and what they know (knowledge bases).',
      done: n.tools + n.knowledgeBases > 0,
      count: `${plural(n.tools, 'tool', 'tools')}, ${plural(n.knowledgeBases, 'knowledge base', 'knowledge bases')}`,
      links: [
        { href: '/tools/new', label: 'New tool' },
        { href: '/knowledge-bases/new', label: 'New knowledge base' },
      ],
    },
    {
      id: 'agent',
      title: 'Create an agent',
      detail: 'Give it a role and an objective, a model, and the tools and knowledge it needs.',
      done: n.agents > 0,
      count: plural(n.agents, 'agent', 'agents'),
      links: [{ href: '/agents/new', label: 'New agent' }],
    },
    {
      id: 'squad',
      title: 'Assemble a squad',
      detail: 'Put agents to work together on ordered tasks, in the designer.',
      done: n.squads > 0,
      count: plural(n.squads, 'squad', 'squads'),
      links: [{ href: '/squads/new', label: 'New squad' }],
    },
  ];
  const doneCount = steps.filter((s) => s.done).length;
  const allDone = doneCount === steps.length;
  const nextStep = steps.find((s) => !s.done);

  if (allDone && dismissed) return null;

  const dismiss = () => {
    try {
      if (companyId) localStorage.setItem(dismissKey(companyId), '1');
    } catch {
      // Storage refused: hidden for this visit only.
    }
    setDismissed(true);
    toast.success('Checklist dismissed');
  };

  return (
    <section className="card get-started" aria-labelledby="get-started">
      <div className="row">
        <h2 id="get-started">Get started</h2>
        <span className="spacer" />
        <span className="small muted" data-testid="get-started-progress">
          {doneCount} of {steps.length} done
        </span>
      </div>
      <p className="muted small">Set things up in this order: each step uses what the one before it made.</p>
      <ol className="checklist">
        {steps.map((step, index) => (
          <li key={step.id} className="checklist-step" data-done={step.done} data-testid={`step-${step.id}`}>
            <span className="checklist-mark" aria-hidden="true">
              {step.done ? '✓' : index + 1}
            </span>
            <div className="checklist-text">
              <h3>
                {step.title}
                <span className="visually-hidden">{step.done ? ' (done)' : ' (to do)'}</span>
              </h3>
              <p className="small muted">
                {step.detail} <span className="nowrap">Now: {step.count}.</span>
              </p>
            </div>
            <div className="checklist-actions">
              {step.links.map((link) => (
                <ButtonLink key={link.href} href={link.href} size="sm" variant={step === nextStep ? 'primary' : 'secondary'}>
                  {link.label}
                </ButtonLink>
              ))}
            </div>
          </li>
        ))}
      </ol>
      {allDone && (
        <div className="row">
          <p className="small">
            All set. Run your squads through the API: see <Link href="/settings/api-keys">API keys</Link>.
          </p>
          <span className="spacer" />
          <Button size="sm" onClick={dismiss}>
            Dismiss checklist
          </Button>
        </div>
      )}
    </section>
  );
}
